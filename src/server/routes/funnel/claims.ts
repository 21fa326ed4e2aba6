// Claims: list, attach, quote, accept with a one-time code (exactly once), cancel.
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { claims, tokens } from '../../db/schema';
import { ApiError, badRequest, conflict, notFound } from '../../errors';
import {
  getOwnClaim,
  isAcceptable,
  toClaimDto,
  ACCEPTABLE_CLAIM_STATUSES,
  type ClaimRow,
} from '../../repositories/claims';
import { getProfile, type ProfileRow } from '../../repositories/profiles';
import { assertUsable } from '../../repositories/payment-methods';
import { redeemCode, sendCode } from '../../services/one-time-codes';
import { composeClaimCode, recipientLocale } from '../../mail/compose';
import { getLiveToken } from '../../repositories/tokens';
import {
  assertReceivable,
  destinationOf,
  receivableCurrencies,
  residencyOf,
} from '../../domain/payout-methods';
import { assertMay } from '../../domain/status-policy';
import { sealAcceptedDestination } from '../../domain/payment-files';
import {
  data,
  dateTime,
  entity,
  exact,
  listOf,
  RESPONSES,
  str,
  uuid,
} from '../../openapi/responses';

const idParams = {
  type: 'object',
  properties: { id: { type: 'string', format: 'uuid' } },
  required: ['id'],
} as const;
const currency = { type: 'string', pattern: '^[A-Z]{3}$' } as const;

const claimRoutes: FastifyPluginAsync = async (app) => {
  const { db, mailer, merchants, exchange, forms, sealer, metrics } = app.deps;
  const me = (request: FastifyRequest) => request.session?.profileId ?? '';
  /**
   * What an acceptance code is bound to: the claim, the payout method and the currency the user
   * chose when asking for it. A code issued for one destination cannot accept with another.
   */
  const subjectOf = (claimId: string, paymentMethodId: string, targetCurrency: string) =>
    `claim:${claimId}:method:${paymentMethodId}:currency:${targetCurrency}`;

  /** The profile, when its status allows the action on claims (the status table). */
  async function profileMay(profileId: string, action: 'acceptClaim' | 'cancelClaim') {
    const profile = await getProfile(db, profileId);
    assertMay(profile.status, action);
    return profile;
  }

  /**
   * The currencies the user's method can receive (rule data ∩ rate table), for the claim; the
   * profile is read again unless the caller has just read it.
   */
  async function receivableBy(
    profileId: string,
    paymentMethodId: string,
    handle = db,
    profile?: ProfileRow,
  ) {
    const method = await assertUsable(handle, profileId, paymentMethodId);
    // Inside a transaction every read goes through it (PGlite has a single connection).
    const residency = await residencyOf(handle, profile ?? (await getProfile(handle, profileId)));
    return {
      method,
      currencies: receivableCurrencies(forms.validator, exchange.currencies, method, residency),
    };
  }

  async function attachClaim(profileId: string, claimId: string) {
    const profile = await getProfile(db, profileId);
    const [claim] = await db
      .select()
      .from(claims)
      .where(sql`${claims.id}::text = ${claimId}`);
    // Only a claim sent to this user's email can be attached.
    if (!claim || claim.email.toLowerCase() !== profile.email.toLowerCase())
      throw notFound('ClaimNotFound: no claim for you with this id');
    if (claim.profileId && claim.profileId !== profileId)
      throw notFound('ClaimNotFound: no claim for you with this id');
    await db.update(claims).set({ profileId }).where(eq(claims.id, claim.id));
    return toClaimDto({ ...claim, profileId }, merchants);
  }

  app.get(
    '/claims',
    { schema: { tags: ['claims'], response: { 200: RESPONSES.claims } } },
    async (request) => {
      const rows = await db
        .select()
        .from(claims)
        .where(eq(claims.profileId, me(request)))
        .orderBy(desc(claims.createdAt));
      return { data: rows.map((r) => toClaimDto(r, merchants)) };
    },
  );

  app.post(
    '/claims',
    {
      schema: {
        tags: ['claims'],
        body: {
          type: 'object',
          properties: { claimId: { type: 'string', format: 'uuid' } },
          required: ['claimId'],
        },
        response: { 200: RESPONSES.claim },
      },
    },
    async (request) => {
      const { claimId } = request.body as { claimId: string };
      return { data: await attachClaim(me(request), claimId) };
    },
  );

  app.post(
    '/claims/confirm',
    {
      schema: {
        tags: ['claims'],
        body: {
          type: 'object',
          properties: { tokenId: { type: 'string', maxLength: 128 } },
          required: ['tokenId'],
        },
        response: { 200: RESPONSES.claim },
      },
    },
    async (request) => {
      const { tokenId } = request.body as { tokenId: string };
      const token = await getLiveToken(db, tokenId);
      if (!token.claimId) throw notFound('TokenNotFound: no such invitation');
      const claim = await attachClaim(me(request), token.claimId);
      await db
        .update(tokens)
        .set({ usedAt: new Date() })
        .where(and(eq(tokens.id, tokenId), isNull(tokens.usedAt)));
      return { data: claim };
    },
  );

  app.get(
    '/claim/status',
    {
      schema: {
        tags: ['claims'],
        querystring: {
          type: 'object',
          properties: { claimId: { type: 'string', format: 'uuid' } },
        },
        response: {
          200: data(
            {
              oneOf: [
                exact({ claimId: uuid, status: entity('claim-status') }),
                exact({
                  total: { type: 'integer', minimum: 0 },
                  acceptable: { type: 'integer', minimum: 0 },
                }),
              ],
            },
            "With claimId: that claim's status; without: how many claims the profile has and how many can be accepted.",
          ),
        },
      },
    },
    async (request) => {
      const { claimId } = request.query as { claimId?: string };
      if (claimId)
        return { data: { claimId, status: (await getOwnClaim(db, me(request), claimId)).status } };
      // Without an id: the state of the user's claims as a whole.
      const rows = await db
        .select({ status: claims.status })
        .from(claims)
        .where(eq(claims.profileId, me(request)));
      const upcoming = rows.filter((r) => isAcceptable(r.status)).length;
      return { data: { total: rows.length, acceptable: upcoming } };
    },
  );

  // The conversion shown before acceptance.
  app.get(
    '/claims/:id/quote',
    {
      schema: {
        tags: ['claims'],
        params: idParams,
        querystring: {
          type: 'object',
          properties: {
            targetCurrency: currency,
            paymentMethodId: { type: 'string', format: 'uuid' },
          },
          required: ['targetCurrency'],
        },
        response: {
          200: data(
            exact(
              {
                sourceCurrency: str,
                targetCurrency: str,
                sourceAmount: str,
                rate: str,
                targetAmount: str,
                asOf: dateTime,
                rateDate: {
                  type: 'string',
                  format: 'date',
                  description:
                    "The rate's publication date: the older of the two currencies' latest reference rates.",
                },
                source: str,
                sourceCode: {
                  type: 'string',
                  description:
                    "Who published the rate, as a code the portal names in the user's language (`ECB`; `source` names it in English).",
                },
                currencies: listOf(str),
              },
              ['sourceCode'],
            ),
            'The amount in the target currency at the current rate (decimal strings), and the currencies the method can receive.',
          ),
        },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const { targetCurrency, paymentMethodId } = request.query as {
        targetCurrency: string;
        paymentMethodId?: string;
      };
      const claim = await getOwnClaim(db, me(request), id);
      // With a payout method: only what it can receive is offered, and quoted.
      let currencies = exchange.currencies;
      if (paymentMethodId) {
        currencies = (await receivableBy(me(request), paymentMethodId)).currencies;
        assertReceivable(currencies, targetCurrency);
      }
      return {
        data: { ...exchange.quote(claim.amount, claim.currency, targetCurrency), currencies },
      };
    },
  );

  app.post(
    '/claims/:id/accept/otp',
    {
      config: { rateLimit: app.limit(10, 'account') },
      schema: {
        tags: ['claims'],
        params: idParams,
        body: {
          type: 'object',
          properties: {
            claimId: { type: 'string' },
            prefix: { type: 'string', pattern: '^\\d{4}$' },
            paymentMethodId: { type: 'string', format: 'uuid' },
            targetCurrency: currency,
          },
          required: ['paymentMethodId'],
        },
        response: { 200: RESPONSES.codeSent },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const { prefix, paymentMethodId, targetCurrency } = request.body as {
        prefix?: string;
        paymentMethodId: string;
        targetCurrency?: string;
      };
      const profile = await profileMay(me(request), 'acceptClaim');
      const claim = await getOwnClaim(db, profile.id, id);
      if (!isAcceptable(claim.status))
        throw conflict(`ClaimNotAcceptable: the claim is ${claim.status}`);
      const target = targetCurrency ?? claim.currency;
      assertReceivable((await receivableBy(profile.id, paymentMethodId)).currencies, target);
      // A stale rate is refused before a code is sent for it.
      exchange.quote(claim.amount, claim.currency, target);
      const merchant = merchants.byId(claim.merchantId) ?? merchants.forHost(request.host);
      return sendCode(
        db,
        mailer,
        {
          profileId: profile.id,
          purpose: 'CLAIM_ACCEPTANCE',
          subject: subjectOf(claim.id, paymentMethodId, target),
          prefix,
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
  );

  /**
   * Runs an acceptance; when it loses a race to an identical one (its code already spent), it
   * answers with the winner's result instead of an error.
   */
  async function acceptOnce(
    claimId: string,
    body: { paymentMethodId: string; targetCurrency?: string },
    run: () => Promise<ClaimRow>,
  ): Promise<ClaimRow> {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof ApiError) || (error.statusCode !== 400 && error.statusCode !== 409))
        throw error;
      const [now] = await db.select().from(claims).where(eq(claims.id, claimId));
      const same =
        now?.status === 'PAYMENT_IN_PROGRESS' &&
        now.paymentMethodId === body.paymentMethodId &&
        (!body.targetCurrency || body.targetCurrency === now.targetCurrency);
      if (now && same) return now;
      throw error;
    }
  }

  app.put(
    '/claims/:id/accept',
    {
      schema: {
        tags: ['claims'],
        params: idParams,
        body: {
          type: 'object',
          properties: {
            otp: { type: 'string' },
            paymentMethodId: { type: 'string', format: 'uuid' },
            targetCurrency: currency,
          },
          required: ['otp', 'paymentMethodId'],
        },
        response: { 200: RESPONSES.claim },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const body = request.body as {
        otp: string;
        paymentMethodId: string;
        targetCurrency?: string;
      };
      const profileId = me(request);
      app.deps.forms.assertValid('otp', { otp: body.otp });
      const profile = await profileMay(profileId, 'acceptClaim');
      const claim = await getOwnClaim(db, profileId, id);
      // A repeated accept (double click, second tab, retry) of an already accepted claim answers the
      // first result when it asked for the same thing, and 409 otherwise; it never pays twice.
      if (!isAcceptable(claim.status)) {
        const same =
          claim.paymentMethodId === body.paymentMethodId &&
          (!body.targetCurrency || body.targetCurrency === claim.targetCurrency);
        if (claim.status === 'PAYMENT_IN_PROGRESS' && same)
          return { data: toClaimDto(claim, merchants) };
        throw conflict(`ClaimNotAcceptable: the claim is ${claim.status}`);
      }
      const target = body.targetCurrency ?? claim.currency;
      assertReceivable(
        (await receivableBy(profileId, body.paymentMethodId, db, profile)).currencies,
        target,
      );
      const quote = exchange.quote(claim.amount, claim.currency, target);
      // Counted once the acceptance committed, not for a repeat answered from the first one.
      let acceptedNow = false;
      const accepted = await acceptOnce(claim.id, body, () =>
        redeemCode(
          db,
          {
            profileId,
            purpose: 'CLAIM_ACCEPTANCE',
            subject: subjectOf(claim.id, body.paymentMethodId, quote.targetCurrency),
            code: body.otp,
          },
          async (tx) => {
            const { method, currencies } = await receivableBy(profileId, body.paymentMethodId, tx);
            // Checked again under the method's row lock: an edit may have changed its country.
            assertReceivable(currencies, quote.targetCurrency);
            // The same destination in full, for the payment files: sealed to this claim.
            const destinationSealed = await sealAcceptedDestination(
              tx,
              sealer,
              claim.id,
              method,
              profile,
            );
            const updated = await tx
              .update(claims)
              .set({
                status: 'PAYMENT_IN_PROGRESS',
                paymentMethodId: body.paymentMethodId,
                targetCurrency: quote.targetCurrency,
                targetAmount: quote.targetAmount,
                exchangeRate: quote.rate,
                // What is paid is what the user confirmed: the destination as it was accepted.
                destination: destinationOf(method),
                destinationSealed,
                acceptedAt: new Date(),
                updatedAt: new Date(),
              })
              // The status condition makes acceptance happen once even under concurrent requests.
              .where(
                and(
                  eq(claims.id, claim.id),
                  inArray(claims.status, [...ACCEPTABLE_CLAIM_STATUSES]),
                ),
              )
              .returning();
            if (!updated[0]) throw conflict('ClaimNotAcceptable: the claim was accepted meanwhile');
            acceptedNow = true;
            return updated[0];
          },
        ),
      );
      if (acceptedNow) metrics.claimAccepted();
      request.log.info({ event: 'claim_accepted', claimId: claim.id, profileId }, 'claim accepted');
      return { data: toClaimDto(accepted, merchants) };
    },
  );

  app.put(
    '/claims/:id/cancel',
    { schema: { tags: ['claims'], params: idParams, response: { 200: RESPONSES.claim } } },
    async (request) => {
      const { id } = request.params as { id: string };
      const profileId = me(request);
      await profileMay(profileId, 'cancelClaim');
      const cancelled = await db.transaction(async (tx) => {
        const claim = await getOwnClaim(tx, profileId, id, true);
        if (!isAcceptable(claim.status))
          throw conflict(`ClaimNotCancellable: the claim is ${claim.status}`);
        const [row] = await tx
          .update(claims)
          .set({ status: 'CANCELLED', updatedAt: new Date() })
          .where(eq(claims.id, claim.id))
          .returning();
        return row;
      });
      if (!cancelled) throw badRequest('ClaimNotCancellable');
      return { data: toClaimDto(cancelled, merchants) };
    },
  );
};
export default claimRoutes;
