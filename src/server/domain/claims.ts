// Claims (spec section 4): attach one sent to the user's email, quote it in a currency the payout
// method can receive, send the acceptance code, accept it exactly once, cancel it. The routes in
// routes/funnel/claims.ts parse and answer; every rule is here, SQL in repositories/claims.ts.
// Claims leave in their API shape (`Claim`, the merchant named).
import type { AppDeps } from '../context';
import { ApiError, conflict, notFound } from '../errors';
import {
  attachClaimTo,
  claimStatusesOf,
  findClaim,
  getOwnClaim,
  isAcceptable,
  listClaimsOf,
  markClaimAccepted,
  markClaimCancelled,
  toClaimDto,
  type ClaimRow,
} from '../repositories/claims';
import { assertUsable } from '../repositories/payment-methods';
import { getProfile, type ProfileRow } from '../repositories/profiles';
import { getLiveToken, markTokenUsed } from '../repositories/tokens';
import { composeClaimCode, recipientLocale } from '../mail/compose';
import { redeemCode, sendCode } from '../services/one-time-codes';
import type { Database } from '../db/client';
import type { Claim } from '../../core/types/entities/claim';
import {
  assertReceivable,
  destinationOf,
  receivableCurrencies,
  residencyOf,
} from './payout-methods';
import { sealAcceptedDestination } from './payment-files';
import { assertMay } from './status-policy';

export type ClaimsDeps = Pick<
  AppDeps,
  'db' | 'mailer' | 'merchants' | 'exchange' | 'forms' | 'sealer' | 'metrics'
>;

/** What the user chose for an acceptance: the payout method and, optionally, the currency. */
export interface AcceptanceChoice {
  paymentMethodId: string;
  targetCurrency?: string;
}

/**
 * What an acceptance code is bound to: the claim, the payout method and the currency the user
 * chose when asking for it. A code issued for one destination cannot accept with another.
 */
const codeSubject = (claimId: string, paymentMethodId: string, targetCurrency: string) =>
  `claim:${claimId}:method:${paymentMethodId}:currency:${targetCurrency}`;

/** An accepted claim asked again for the same destination (a double click, a second tab, a retry). */
const acceptedAsAsked = (claim: ClaimRow, choice: AcceptanceChoice) =>
  claim.status === 'PAYMENT_IN_PROGRESS' &&
  claim.paymentMethodId === choice.paymentMethodId &&
  (!choice.targetCurrency || choice.targetCurrency === claim.targetCurrency);

export function claimsDomain(deps: ClaimsDeps) {
  const { db, mailer, merchants, exchange, forms, sealer, metrics } = deps;
  const shown = (row: ClaimRow): Claim => toClaimDto(row, merchants);

  /** The profile, when its status allows the action on claims (the status table). */
  async function profileMay(profileId: string, action: 'acceptClaim' | 'cancelClaim') {
    const profile = await getProfile(db, profileId);
    assertMay(profile.status, action);
    return profile;
  }

  /**
   * The currencies the user's method can receive (rule data ∩ rate table); the profile is read
   * again unless the caller has just read it. Inside a transaction every read goes through it
   * (PGlite has a single connection).
   */
  async function receivableBy(
    profileId: string,
    paymentMethodId: string,
    handle: Database = db,
    profile?: ProfileRow,
  ) {
    const method = await assertUsable(handle, profileId, paymentMethodId);
    const residency = await residencyOf(handle, profile ?? (await getProfile(handle, profileId)));
    return {
      method,
      currencies: receivableCurrencies(forms.validator, exchange.currencies, method, residency),
    };
  }

  /** Only a claim sent to this user's email, and not someone else's already, can be attached. */
  async function attach(profileId: string, claimId: string): Promise<ClaimRow> {
    const profile = await getProfile(db, profileId);
    const claim = await findClaim(db, claimId);
    if (
      !claim ||
      claim.email.toLowerCase() !== profile.email.toLowerCase() ||
      (claim.profileId && claim.profileId !== profileId)
    )
      throw notFound('ClaimNotFound: no claim for you with this id');
    await attachClaimTo(db, claim.id, profileId);
    return { ...claim, profileId };
  }

  return {
    list: async (profileId: string): Promise<Claim[]> =>
      (await listClaimsOf(db, profileId)).map(shown),

    attach: async (profileId: string, claimId: string): Promise<Claim> =>
      shown(await attach(profileId, claimId)),

    /** The claim of an invitation link, attached to the user; the link is then spent. */
    async attachByInvitation(profileId: string, tokenId: string): Promise<Claim> {
      const token = await getLiveToken(db, tokenId);
      if (!token.claimId) throw notFound('TokenNotFound: no such invitation');
      const claim = await attach(profileId, token.claimId);
      await markTokenUsed(db, tokenId);
      return shown(claim);
    },

    /** One claim's status, or how many claims the profile has and how many can be accepted. */
    async status(profileId: string, claimId?: string) {
      if (claimId) {
        const { status } = await getOwnClaim(db, profileId, claimId);
        return { claimId, status };
      }
      const statuses = await claimStatusesOf(db, profileId);
      return { total: statuses.length, acceptable: statuses.filter(isAcceptable).length };
    },

    /** The conversion shown before acceptance; with a payout method, only what it can receive. */
    async quote(
      profileId: string,
      claimId: string,
      targetCurrency: string,
      paymentMethodId?: string,
    ) {
      const claim = await getOwnClaim(db, profileId, claimId);
      let currencies = exchange.currencies;
      if (paymentMethodId) {
        currencies = (await receivableBy(profileId, paymentMethodId)).currencies;
        assertReceivable(currencies, targetCurrency);
      }
      return { ...exchange.quote(claim.amount, claim.currency, targetCurrency), currencies };
    },

    /** Mails the code that accepts this claim to this destination (host: the merchant fallback). */
    async sendAcceptanceCode(
      profileId: string,
      claimId: string,
      choice: AcceptanceChoice & { prefix?: string },
      host: string,
    ) {
      const profile = await profileMay(profileId, 'acceptClaim');
      const claim = await getOwnClaim(db, profile.id, claimId);
      if (!isAcceptable(claim.status))
        throw conflict(`ClaimNotAcceptable: the claim is ${claim.status}`);
      const target = choice.targetCurrency ?? claim.currency;
      assertReceivable((await receivableBy(profile.id, choice.paymentMethodId)).currencies, target);
      // A stale rate is refused before a code is sent for it.
      exchange.quote(claim.amount, claim.currency, target);
      const merchant = merchants.byId(claim.merchantId) ?? merchants.forHost(host);
      return sendCode(
        db,
        mailer,
        {
          profileId: profile.id,
          purpose: 'CLAIM_ACCEPTANCE',
          subject: codeSubject(claim.id, choice.paymentMethodId, target),
          prefix: choice.prefix,
        },
        (code) => ({
          to: profile.email,
          ...composeClaimCode(recipientLocale(profile.preferredLanguage, merchant), merchant, {
            amount: claim.amount,
            currency: claim.currency,
            prefix: code.prefix,
            code: code.code,
            minutes: 10,
          }),
          otp: code.code,
        }),
      );
    },

    /**
     * Accepts with the code: the claim pays exactly once. A repeat that asks for what was accepted
     * (double click, second tab, retry, or an identical request that lost the race and found its
     * code spent) answers the first result; anything else on an accepted claim is 409.
     * `acceptedNow` is true only for the request whose acceptance committed.
     */
    async accept(
      profileId: string,
      claimId: string,
      choice: AcceptanceChoice & { otp: string },
    ): Promise<{ claim: Claim; acceptedNow: boolean }> {
      forms.assertValid('otp', { otp: choice.otp });
      const profile = await profileMay(profileId, 'acceptClaim');
      const claim = await getOwnClaim(db, profileId, claimId);
      if (!isAcceptable(claim.status)) {
        if (acceptedAsAsked(claim, choice)) return { claim: shown(claim), acceptedNow: false };
        throw conflict(`ClaimNotAcceptable: the claim is ${claim.status}`);
      }
      const target = choice.targetCurrency ?? claim.currency;
      assertReceivable(
        (await receivableBy(profileId, choice.paymentMethodId, db, profile)).currencies,
        target,
      );
      const quote = exchange.quote(claim.amount, claim.currency, target);
      try {
        const accepted = await redeemCode(
          db,
          {
            profileId,
            purpose: 'CLAIM_ACCEPTANCE',
            subject: codeSubject(claim.id, choice.paymentMethodId, quote.targetCurrency),
            code: choice.otp,
          },
          async (tx) => {
            const { method, currencies } = await receivableBy(
              profileId,
              choice.paymentMethodId,
              tx,
            );
            // Checked again under the method's row lock: an edit may have changed its country.
            assertReceivable(currencies, quote.targetCurrency);
            const row = await markClaimAccepted(tx, claim.id, {
              paymentMethodId: choice.paymentMethodId,
              targetCurrency: quote.targetCurrency,
              targetAmount: quote.targetAmount,
              exchangeRate: quote.rate,
              // What is paid is what the user confirmed: the destination as it was accepted, and
              // the same in full, sealed to this claim, for the payment files.
              destination: destinationOf(method),
              destinationSealed: await sealAcceptedDestination(
                tx,
                sealer,
                claim.id,
                method,
                profile,
              ),
            });
            if (!row) throw conflict('ClaimNotAcceptable: the claim was accepted meanwhile');
            return row;
          },
        );
        metrics.claimAccepted();
        return { claim: shown(accepted), acceptedNow: true };
      } catch (error) {
        // Lost a race to an identical acceptance (its code already spent): the winner's result.
        if (!(error instanceof ApiError) || (error.statusCode !== 400 && error.statusCode !== 409))
          throw error;
        const now = await findClaim(db, claim.id);
        if (now && acceptedAsAsked(now, choice)) return { claim: shown(now), acceptedNow: false };
        throw error;
      }
    },

    async cancel(profileId: string, claimId: string): Promise<Claim> {
      await profileMay(profileId, 'cancelClaim');
      const cancelled = await db.transaction(async (tx) => {
        const claim = await getOwnClaim(tx, profileId, claimId, true);
        if (!isAcceptable(claim.status))
          throw conflict(`ClaimNotCancellable: the claim is ${claim.status}`);
        return markClaimCancelled(tx, claim.id);
      });
      return shown(cancelled);
    },
  };
}
export type ClaimsDomain = ReturnType<typeof claimsDomain>;
