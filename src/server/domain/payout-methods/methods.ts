// Payout methods (spec section 7): bank accounts per country and transfer method, debit cards,
// PayPal, Zelle and paper checks — list, add, change, prefer and remove them. The routes in
// routes/funnel/payment-methods.ts parse and answer; every rule is here or beside it in this folder,
// SQL in repositories/payment-methods.ts.
import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../context';
import type { Database } from '../../db/client';
import { badRequest, conflict, notFound } from '../../errors';
import { BANK_TYPES } from '../../../core/payout/bank-fields';
import type { FormValidator } from '../../../core/validation/form-validator';
import type { PaymentMethodType } from '../../../core/types/entities/payment-method-type';
import type { ProfileAction } from '../../../core/profile/status-actions';
import { getOwnClaim } from '../../repositories/claims';
import {
  deletePaymentMethod,
  displayedMethods,
  ensurePreferred,
  getOwnPaymentMethod,
  insertPaymentMethod,
  listPaymentMethods,
  setPreferred,
  toPaymentMethodDto,
  updatePaymentMethod,
  type NewPaymentMethod,
  type PaymentMethodRow,
} from '../../repositories/payment-methods';
import { getProfile, hasAddress, type ProfileRow } from '../../repositories/profiles';
import { CODE_TTL_MINUTES, composeCode, recipientLocale } from '../../mail/compose';
import { bicFromIban } from '../../services/bic-from-iban';
import { portalOrigin } from '../../services/merchants';
import { redeemCode, sendCode } from '../../services/one-time-codes';
import { PAYPAL_CALLBACK_PATH, paypalAuthorizationFailed } from '../../services/paypal';
import { issuePaypalState, spendPaypalState, type ConnectingSession } from '../paypal-connect';
import { assertMay } from '../status-policy';
import { assertNotLockedByClaim } from './locks';
import { notifyPayoutMethodChange } from './notices';
import {
  assertBankOffered,
  assertBelowMax,
  assertOffered,
  assertTransferMethodOffered,
  availableTypes,
  PAYOUT_TYPES,
  receivableCurrencies,
  residencyOf,
} from './offer';
import {
  bankStorage,
  debitCardDetails,
  withKeptNumbers,
  zelleDetails,
  zelleSubject,
  zelleTokenChanged,
} from './storage';

export type PayoutMethodsDeps = Pick<
  AppDeps,
  | 'db'
  | 'forms'
  | 'sealer'
  | 'cardVault'
  | 'paypal'
  | 'mailer'
  | 'merchants'
  | 'exchange'
  | 'metrics'
  | 'config'
>;

type Form = Record<string, unknown>;

/** Usable for a payout, and so preferable: a Zelle token awaiting its code is not. */
const isUsable = (row: PaymentMethodRow): boolean => row.status === 'ACTIVE';

/** A bank-account form and whether the account is asked to become the preferred method. */
function bankRecord(body: Form): { form: Form; preferred: boolean } {
  const { preferred, id: _id, ...form } = body;
  return { form, preferred: preferred === true };
}

export function payoutMethodsDomain(deps: PayoutMethodsDeps) {
  const { db, forms, sealer, cardVault, paypal, mailer, merchants, exchange, metrics, config } =
    deps;

  /** The profile, when its status allows the action on payout methods (the status table). */
  async function profileMay(profileId: string, action: ProfileAction): Promise<ProfileRow> {
    const profile = await getProfile(db, profileId);
    assertMay(profile.status, action);
    return profile;
  }

  /** Refuses a type the residency's rules or the merchant do not offer (as available-types). */
  async function assertTypeOffered(profile: ProfileRow, type: PaymentMethodType): Promise<void> {
    const merchant = merchants.byId(profile.merchantId)?.configuration;
    assertOffered(forms.validator, merchant, await residencyOf(db, profile), type);
  }

  /**
   * A bank-account form valid for its country's rules (or `rules`, the grace-period version),
   * with a transfer method the rules in use now offer there.
   */
  function validateBank(profile: ProfileRow, form: Form, rules: FormValidator | null): void {
    assertTransferMethodOffered(forms.validator, form);
    forms.assertValid('bank-account', form, {}, rules ?? undefined);
    assertBankOffered(merchants.byId(profile.merchantId)?.configuration, form);
  }

  /** Inserts a method; the user's first usable method, or one asked for, becomes preferred. */
  async function insertMethod(
    tx: Database,
    profileId: string,
    values: NewPaymentMethod,
    wantPreferred: boolean,
  ): Promise<PaymentMethodRow> {
    const row = await insertPaymentMethod(tx, profileId, values);
    if (wantPreferred && isUsable(row)) await setPreferred(tx, profileId, row.id);
    await ensurePreferred(tx, profileId);
    await notifyPayoutMethodChange(tx, mailer, merchants, profileId, 'added', row.type);
    return row;
  }

  /**
   * The methods as answered (masked), each with the currencies it can receive and marked when a
   * payment in progress goes to it (the portal locks its card); `only` picks one method.
   */
  async function listed(profileId: string, only?: string, conn: Database = db) {
    const { methods, residency } = await displayedMethods(conn, profileId, only);
    return methods.map(({ row, lockedByClaim }) => ({
      ...toPaymentMethodDto(row),
      currencies: receivableCurrencies(forms.validator, exchange.currencies, row, residency),
      ...(lockedByClaim ? { lockedByClaim: true } : {}),
    }));
  }
  type Listed = Awaited<ReturnType<typeof listed>>[number];

  /** A changed method, once the change and its notice committed (the notice goes out). */
  async function changed(profileId: string, id: string): Promise<Listed> {
    await mailer.flush();
    const [method] = await listed(profileId, id);
    if (!method) throw notFound('PaymentMethodNotFound: no such payout method');
    return method;
  }

  /**
   * Adds a method and answers it from the same transaction: once the write commits, no later read
   * can fail and tell the user it did not happen (a retry would then add it twice).
   */
  async function added(
    profileId: string,
    write: (tx: Database) => Promise<PaymentMethodRow>,
  ): Promise<Listed> {
    const { method, type } = await db.transaction(async (tx) => {
      const row = await write(tx);
      const [dto] = await listed(profileId, row.id, tx);
      if (!dto) throw new Error('an added payout method is missing from its own transaction');
      return { method: dto, type: row.type };
    });
    metrics.payoutMethodAdded(type);
    await mailer.flush();
    return method;
  }

  /**
   * Deletes the method `find` selects (checked in the same transaction) and answers the remaining
   * list. Nothing is deleted while the profile is on hold; the preferred one is handed on.
   */
  async function remove(
    profileId: string,
    find: (tx: Database) => Promise<PaymentMethodRow | undefined>,
  ): Promise<Listed[]> {
    await profileMay(profileId, 'deletePayoutMethod');
    await db.transaction(async (tx) => {
      const row = await find(tx);
      if (!row) throw notFound('PaymentMethodNotFound: no such payout method');
      await assertNotLockedByClaim(tx, row.id);
      await deletePaymentMethod(tx, row.id);
      await notifyPayoutMethodChange(tx, mailer, merchants, profileId, 'removed', row.type);
      if (row.vaultToken) await cardVault.remove(tx, row.vaultToken);
      await ensurePreferred(tx, profileId);
    });
    await mailer.flush();
    return listed(profileId);
  }

  /** The user's one method of a kind that is limited to one (PayPal, Zelle, paper check). */
  const onlyOf = async (tx: Database, profileId: string, type: PaymentMethodType) =>
    (await listPaymentMethods(tx, profileId)).find((r) => r.type === type);

  /** PayPal's Return URL: on the merchant's portal host, where the session cookie lives. */
  const paypalReturnUrl = (merchantId: string): string => {
    // The simulator is on this server: a path keeps the browser on the host it came from.
    if (paypal.simulated) return PAYPAL_CALLBACK_PATH;
    const merchant = merchants.byId(merchantId);
    const origin = merchant ? portalOrigin(config.publicUrl, merchant) : config.publicUrl;
    return `${origin}${PAYPAL_CALLBACK_PATH}`;
  };

  return {
    list: (profileId: string) => listed(profileId),

    /** The types the profile may still add; `claimId`, when given, must be the user's. */
    async availableTypes(profileId: string, claimId?: string) {
      if (claimId) await getOwnClaim(db, profileId, claimId);
      const profile = await getProfile(db, profileId);
      const residency = await residencyOf(db, profile);
      const merchant = merchants.byId(profile.merchantId)?.configuration;
      const held = (await listPaymentMethods(db, profileId)).map((r) => r.type);
      // Country rule data (country-rules/*.json), narrowed by the merchant's configuration.
      return availableTypes(forms.validator, merchant, residency, held);
    },

    /** Makes a usable method the preferred one; answers the list. */
    async prefer(profileId: string, id: string): Promise<Listed[]> {
      await profileMay(profileId, 'preferPayoutMethod');
      await db.transaction(async (tx) => {
        const row = await getOwnPaymentMethod(tx, profileId, id, PAYOUT_TYPES);
        if (!isUsable(row))
          throw conflict(
            'PaymentMethodNotUsable: confirm this Zelle token with its code before preferring it',
          );
        if (row.preferred) return;
        await setPreferred(tx, profileId, id);
        await notifyPayoutMethodChange(tx, mailer, merchants, profileId, 'preferred', row.type);
      });
      await mailer.flush();
      return listed(profileId);
    },

    /** The BIC of an IBAN's bank where a national directory knows it, for the user to confirm. */
    suggestBic: (iban: string): string | null => bicFromIban(iban),

    /** `rules`: a previous rules version the client's form started with (grace period). */
    async addBankAccount(profileId: string, body: Form, rules: FormValidator | null) {
      const { form, preferred } = bankRecord(body);
      const profile = await profileMay(profileId, 'addPayoutMethod');
      validateBank(profile, form, rules);
      const id = randomUUID();
      const { details, sealed } = bankStorage(sealer, form, id);
      return added(profileId, (tx) =>
        insertMethod(
          tx,
          profileId,
          { id, type: String(form.transferMethod), details, sealed },
          preferred,
        ),
      );
    },

    /** Numbers not sent again keep their stored value while the country stays the same. */
    async changeBankAccount(
      profileId: string,
      id: string,
      body: Form,
      rules: FormValidator | null,
    ) {
      const record = bankRecord(body);
      const profile = await profileMay(profileId, 'editPayoutMethod');
      await db.transaction(async (tx) => {
        const row = await getOwnPaymentMethod(tx, profileId, id, BANK_TYPES);
        await assertNotLockedByClaim(tx, row.id);
        const form = withKeptNumbers(sealer, row, record.form);
        validateBank(profile, form, rules);
        const { details, sealed } = bankStorage(sealer, form, id);
        await updatePaymentMethod(tx, id, { type: String(form.transferMethod), details, sealed });
        if (record.preferred) await setPreferred(tx, profileId, id);
        await notifyPayoutMethodChange(tx, mailer, merchants, profileId, 'changed', row.type);
      });
      return changed(profileId, id);
    },

    removeBankAccount: (profileId: string, id: string) =>
      remove(profileId, (tx) => getOwnPaymentMethod(tx, profileId, id, BANK_TYPES)),

    /** The PAN goes to the vault; the CVC is used for this request only, never stored or logged. */
    async addDebitCard(profileId: string, body: Form) {
      const { preferred, ...form } = body;
      if (!form.nameOnCard || !form.pan || !form.cvc) {
        throw badRequest('DebitCardIncomplete: Debit card creation requires name, PAN and CVC');
      }
      const profile = await profileMay(profileId, 'addPayoutMethod');
      await assertTypeOffered(profile, 'DEBIT_CARD');
      forms.assertValid('debit-card', form);
      const details = debitCardDetails(form);
      return added(profileId, async (tx) => {
        const vaultToken = await cardVault.store(tx, String(form.pan));
        return insertMethod(
          tx,
          profileId,
          { type: 'DEBIT_CARD', details, vaultToken },
          preferred === true,
        );
      });
    },

    /** A card is never edited: a new card is a new method. Refused once the card is found. */
    async changeDebitCard(profileId: string, id: string): Promise<never> {
      await db.transaction((tx) => getOwnPaymentMethod(tx, profileId, id, ['DEBIT_CARD']));
      throw conflict(
        'DebitCardNotEditable: a debit card cannot be edited; delete it and add the new card',
      );
    },

    removeDebitCard: (profileId: string, id: string) =>
      remove(profileId, (tx) => getOwnPaymentMethod(tx, profileId, id, ['DEBIT_CARD'])),

    /** PayPal's authorization URL, with a state bound to this session (10 minutes, once). */
    async paypalAuthorizationUrl(session: ConnectingSession): Promise<string> {
      const profile = await profileMay(session.profileId, 'addPayoutMethod');
      await assertTypeOffered(profile, 'Paypal');
      await assertBelowMax(db, session.profileId, 'Paypal');
      const state = await issuePaypalState(db, session);
      return paypal.authorizationUrl(paypalReturnUrl(profile.merchantId), state);
    },

    /**
     * PayPal's return: spends the state before anything else (a return this session did not start
     * stops there), exchanges the code and adds the account's verified email.
     */
    async connectPaypal(
      session: ConnectingSession,
      back: { code: string; state: string; error?: string },
    ) {
      const { profileId } = session;
      await spendPaypalState(db, session, back.state);
      // The person cancelled at PayPal (error=access_denied), or PayPal refused.
      if (back.error || !back.code) throw paypalAuthorizationFailed();
      const profile = await profileMay(profileId, 'addPayoutMethod');
      await assertTypeOffered(profile, 'Paypal');
      forms.assertValid('paypal', { authorizationCode: back.code });
      const account = await paypal.account(back.code, paypalReturnUrl(profile.merchantId));
      return added(profileId, async (tx) => {
        await assertBelowMax(tx, profileId, 'Paypal');
        return insertMethod(
          tx,
          profileId,
          { type: 'Paypal', details: { email: account.email } },
          false,
        );
      });
    },

    removePaypal: (profileId: string) => remove(profileId, (tx) => onlyOf(tx, profileId, 'Paypal')),

    /** A new token awaits its code: it cannot be preferred or used until confirmed. */
    async addZelle(profileId: string, body: Form) {
      const { preferred: _preferred, ...form } = body;
      const profile = await profileMay(profileId, 'addPayoutMethod');
      await assertTypeOffered(profile, 'ZELLE');
      forms.assertValid('zelle', form);
      return added(profileId, async (tx) => {
        await assertBelowMax(tx, profileId, 'ZELLE');
        return insertMethod(
          tx,
          profileId,
          { type: 'ZELLE', status: 'AWAITS_OTP', details: zelleDetails(form) },
          false,
        );
      });
    },

    /** A changed token awaits its code again and stops being preferred. */
    async changeZelle(profileId: string, body: Form) {
      const { preferred: _preferred, id: _id, status: _status, ...form } = body;
      await profileMay(profileId, 'editPayoutMethod');
      forms.assertValid('zelle', form);
      const id = await db.transaction(async (tx) => {
        const row = await onlyOf(tx, profileId, 'ZELLE');
        if (!row) throw notFound('PaymentMethodNotFound: no Zelle token to change');
        await assertNotLockedByClaim(tx, row.id);
        const details = zelleDetails(form);
        await updatePaymentMethod(tx, row.id, {
          details,
          ...(zelleTokenChanged(row, details) ? { status: 'AWAITS_OTP', preferred: false } : {}),
        });
        await ensurePreferred(tx, profileId);
        await notifyPayoutMethodChange(tx, mailer, merchants, profileId, 'changed', row.type);
        return row.id;
      });
      return changed(profileId, id);
    },

    removeZelle: (profileId: string) => remove(profileId, (tx) => onlyOf(tx, profileId, 'ZELLE')),

    /**
     * Sends the code to the token itself: the Zelle email, or the Zelle phone by text message;
     * it is bound to that token, so a token changed meanwhile cannot be confirmed with it.
     * `host`: the merchant when the profile's is unknown.
     */
    async sendZelleCode(profileId: string, otpPrefix: string | undefined, host: string) {
      // Confirming the token completes adding it: allowed where editing a method is.
      const profile = await profileMay(profileId, 'editPayoutMethod');
      const row = await onlyOf(db, profileId, 'ZELLE');
      if (!row) throw notFound('PaymentMethodNotFound: no Zelle token to verify');
      if (row.status !== 'AWAITS_OTP')
        throw conflict('ZelleAlreadyVerified: this Zelle token is already confirmed');
      const token = String(row.details.token);
      const merchant = merchants.byId(profile.merchantId) ?? merchants.forHost(host);
      return sendCode(
        db,
        mailer,
        { profileId, purpose: 'ZELLE_VERIFICATION', subject: zelleSubject(row), prefix: otpPrefix },
        (code) => ({
          to: token,
          ...composeCode(
            recipientLocale(profile.preferredLanguage, merchant),
            merchant,
            'zelleCode',
            {
              prefix: code.prefix,
              code: code.code,
              minutes: CODE_TTL_MINUTES,
              token,
            },
          ),
          otp: code.code,
        }),
      );
    },

    /** Confirms the token with its code: it becomes usable (and preferred if none is). */
    async verifyZelle(profileId: string, otp: string) {
      forms.assertValid('otp', { otp });
      await profileMay(profileId, 'editPayoutMethod');
      const row = await onlyOf(db, profileId, 'ZELLE');
      if (!row) throw notFound('PaymentMethodNotFound: no Zelle token to verify');
      await redeemCode(
        db,
        { profileId, purpose: 'ZELLE_VERIFICATION', subject: zelleSubject(row), code: otp },
        async (tx) => {
          await updatePaymentMethod(tx, row.id, { status: 'ACTIVE' });
          await ensurePreferred(tx, profileId);
        },
      );
      return changed(profileId, row.id);
    },

    /** A paper check is mailed to the profile's address, so one is needed first. */
    async addPhysicalCheck(profileId: string, body: Form) {
      const profile = await profileMay(profileId, 'addPayoutMethod');
      await assertTypeOffered(profile, 'PHYSICAL_CHECK');
      forms.assertValid('physical-check', body);
      if (!(await hasAddress(db, profileId)))
        throw badRequest(
          'AddressRequired: a paper check is mailed to the profile address; add one first',
        );
      return added(profileId, async (tx) => {
        await assertBelowMax(tx, profileId, 'PHYSICAL_CHECK');
        return insertMethod(
          tx,
          profileId,
          { type: 'PHYSICAL_CHECK', details: {} },
          body.preferred === true,
        );
      });
    },

    removePhysicalCheck: (profileId: string) =>
      remove(profileId, (tx) => onlyOf(tx, profileId, 'PHYSICAL_CHECK')),
  };
}
export type PayoutMethodsDomain = ReturnType<typeof payoutMethodsDomain>;
