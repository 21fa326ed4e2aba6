// Payout methods (spec section 7): bank accounts per country and transfer method, debit cards,
// PayPal, Zelle and paper checks. Bodies are validated with the composed form schemas; account
// data is encrypted at rest and masked in every response; card numbers live only in the vault.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { electronicFormatIBAN } from 'ibantools';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { addresses, paymentMethods } from '../../db/schema';
import type { Database } from '../../db/client';
import { ApiError, badRequest, conflict, notFound } from '../../errors';
import { getProfile, type ProfileRow } from '../../repositories/profiles';
import { CODE_TTL_MINUTES, composeCode, recipientLocale } from '../../mail/compose';
import { getOwnClaim } from '../../repositories/claims';
import {
  BANK_TYPES,
  ensurePreferred,
  getOwnPaymentMethod,
  listPaymentMethods,
  maskIban,
  maskTail,
  setPreferred,
  toPaymentMethodDto,
  type PaymentMethodRow,
} from '../../repositories/payment-methods';
import { redeemCode, sendCode } from '../../services/one-time-codes';
import { sealedBinding } from '../../repositories/payment-methods';
import {
  assertNotLockedByClaim,
  assertOffered,
  displayedMethods,
  notifyPayoutMethodChange,
  offeredPayoutTypes,
  payoutAddress,
  receivableCurrencies,
  residencyOf,
} from '../../domain/payout-methods';
import { assertMay } from '../../domain/status-policy';
import { cardBrandOf } from '../../../core/validation/runtime-card';
import { bicFromIban } from '../../services/bic-from-iban';
import type { TransferMethod } from '../../../core/schemas/country-rules';
import type { PaymentMethodType } from '../../../core/types/entities/payment-method-type';
import { formDocumentation } from '../../openapi/form-schemas';
import { data, entity, exact, listOf, RESPONSES } from '../../openapi/responses';
import { issuePaypalState, spendPaypalState } from '../../domain/paypal-connect';
import { PAYPAL_CALLBACK_PATH, paypalAuthorizationFailed } from '../../services/paypal';
import { portalOrigin } from '../../services/merchants';
import { errorNameOf } from '../../../core/errors/error-names';
import type { FormValidator } from '../../../core/validation/form-validator';

type Body = Record<string, unknown>;

/** Types one user may hold at most once; bank accounts and debit cards are unlimited. */
const MAX_COUNT: Record<string, number | null> = {
  ACH: null,
  WIRE: null,
  RTP: null,
  DEBIT_CARD: null,
  Paypal: 1,
  ZELLE: 1,
  PHYSICAL_CHECK: 1,
};
const SECRET_BANK_FIELDS = [
  'accountNumber',
  'accountNumberConfirmation',
  'iban',
  'routingNumber',
] as const;

const objectBody = { type: 'object' } as const;
/** `{ id }` of a payment method: the path of a delete, the body of prefer and card update. */
const idObject = {
  type: 'object',
  properties: { id: { type: 'string', format: 'uuid' } },
  required: ['id'],
} as const;

const paymentMethodRoutes: FastifyPluginAsync = async (app) => {
  const { db, forms, sealer, cardVault, paypal, mailer, merchants, exchange, metrics, config } =
    app.deps;
  const me = (request: FastifyRequest) => request.session?.profileId ?? '';

  /** Refuses a type the residency's rules or the merchant do not offer (as available-types). */
  async function assertTypeOffered(profile: ProfileRow, type: PaymentMethodType): Promise<void> {
    const merchant = merchants.byId(profile.merchantId)?.configuration;
    assertOffered(forms.validator, merchant, await residencyOf(db, profile), type);
  }

  async function countOf(tx: Database, profileId: string, type: string): Promise<number> {
    return (
      await tx
        .select({ id: paymentMethods.id })
        .from(paymentMethods)
        .where(and(eq(paymentMethods.profileId, profileId), eq(paymentMethods.type, type)))
    ).length;
  }

  async function assertBelowMax(
    tx: Database,
    profileId: string,
    type: string,
    label: string,
  ): Promise<void> {
    const max = MAX_COUNT[type];
    if (max != null && (await countOf(tx, profileId, type)) >= max) {
      throw conflict(`MaxCountReached: you can have one ${label}; remove the current one first`);
    }
  }

  /** Inserts a method; the user's first usable method, or one asked for, becomes preferred. */
  async function insertMethod(
    tx: Database,
    profileId: string,
    values: {
      /** Set when a sealed value is bound to the row before it exists. */
      id?: string;
      type: string;
      status?: string;
      details: Body;
      sealed?: string | null;
      vaultToken?: string | null;
    },
    wantPreferred: boolean,
  ): Promise<PaymentMethodRow> {
    const [row] = await tx
      .insert(paymentMethods)
      .values({ profileId, status: 'ACTIVE', ...values, preferred: false })
      .returning();
    if (!row) throw new Error('payment method insert returned nothing');
    if (wantPreferred && row.status === 'ACTIVE') await setPreferred(tx, profileId, row.id);
    await ensurePreferred(tx, profileId);
    await notifyPayoutMethodChange(tx, mailer, merchants, profileId, 'added', row.type);
    return row;
  }

  /**
   * The DTOs, each with the currencies it can receive and marked when a payment in progress goes
   * to it (the portal locks its card); `only` picks one method.
   */
  async function listed(profileId: string, only?: string, conn: Database = db) {
    const { methods, residency } = await displayedMethods(conn, profileId, only);
    return methods.map(({ row, lockedByClaim }) => ({
      ...toPaymentMethodDto(row),
      currencies: receivableCurrencies(forms.validator, exchange.currencies, row, residency),
      ...(lockedByClaim ? { lockedByClaim: true } : {}),
    }));
  }

  /** Answers a changed method, once the change and its notice committed (the notice goes out). */
  async function respond(profileId: string, id: string) {
    await mailer.flush();
    const [method] = await listed(profileId, id);
    if (!method) throw notFound('PaymentMethodNotFound: no such payout method');
    return { data: method };
  }

  /**
   * Adds a method and answers it from the same transaction: once the write commits, no later read
   * can fail and tell the user it did not happen (a retry would then add it twice).
   */
  async function added(profileId: string, write: (tx: Database) => Promise<PaymentMethodRow>) {
    const { method, type } = await db.transaction(async (tx) => {
      const row = await write(tx);
      const [dto] = await listed(profileId, row.id, tx);
      if (!dto) throw new Error('an added payout method is missing from its own transaction');
      return { method: dto, type: row.type };
    });
    metrics.payoutMethodAdded(type);
    await mailer.flush();
    return { data: method };
  }

  /**
   * Deletes the method `find` selects (checked in the same transaction) and answers the remaining
   * list. Nothing is deleted while the profile is on hold; the preferred one is handed on.
   */
  async function deleteMethod(
    request: FastifyRequest,
    find: (tx: Database, profileId: string) => Promise<PaymentMethodRow | undefined>,
  ) {
    const profileId = me(request);
    assertMay((await getProfile(db, profileId)).status, 'deletePayoutMethod');
    await db.transaction(async (tx) => {
      const row = await find(tx, profileId);
      if (!row) throw notFound('PaymentMethodNotFound: no such payout method');
      await assertNotLockedByClaim(tx, row.id);
      await tx.delete(paymentMethods).where(eq(paymentMethods.id, row.id));
      await notifyPayoutMethodChange(tx, mailer, merchants, profileId, 'removed', row.type);
      if (row.vaultToken) await cardVault.remove(tx, row.vaultToken);
      await ensurePreferred(tx, profileId);
    });
    await mailer.flush();
    return { data: await listed(profileId) };
  }

  /** The user's one method of a kind that is limited to one (PayPal, Zelle, paper check). */
  const onlyOf = (type: string) => async (tx: Database, profileId: string) =>
    (await listPaymentMethods(tx, profileId)).find((r) => r.type === type);

  // ---- list, available types, preferred ----------------------------------------------------

  const docs = formDocumentation();
  const PREFERRED = {
    preferred: { type: 'boolean', description: 'Make it the preferred method.' },
  } as const;
  const oneMethod = { 200: RESPONSES.paymentMethod };
  const allMethods = { 200: RESPONSES.paymentMethods };

  app.get('/', { schema: { tags: ['payout methods'], response: allMethods } }, async (request) => ({
    data: await listed(me(request)),
  }));

  app.get(
    '/available-types',
    {
      schema: {
        tags: ['payout methods'],
        querystring: {
          type: 'object',
          properties: { claimID: { type: 'string', format: 'uuid' } },
        },
        response: {
          200: {
            ...exact({
              data: listOf(
                exact({
                  type: entity('payment-method-type'),
                  maxCount: { type: ['integer', 'null'], minimum: 1 },
                  count: { type: 'integer', minimum: 0 },
                }),
              ),
              residency: entity('country-code'),
            }),
            description:
              "The payout types the profile may still add (its residency's rules, narrowed by the merchant), with how many it holds.",
          },
        },
      },
    },
    async (request) => {
      const profileId = me(request);
      const { claimID } = request.query as { claimID?: string };
      if (claimID) await getOwnClaim(db, profileId, claimID);
      const profile = await getProfile(db, profileId);
      const residency = await residencyOf(db, profile);
      if (!residency)
        throw badRequest('ResidencyRequired: Residency is required; complete the profile first');
      const merchant = merchants.byId(profile.merchantId)?.configuration;
      const rows = await listPaymentMethods(db, profileId);
      // Country rule data (country-rules/*.json), narrowed by the merchant's configuration.
      const candidates = offeredPayoutTypes(forms.validator, merchant, residency);
      const data = candidates
        .map((type) => ({
          type,
          maxCount: MAX_COUNT[type] ?? null,
          count: rows.filter((r) => r.type === type).length,
        }))
        .filter((t) => t.maxCount === null || t.count < t.maxCount);
      return { data, residency };
    },
  );

  app.post(
    '/preferred',
    {
      schema: {
        tags: ['payout methods'],
        body: idObject,
        response: allMethods,
      },
    },
    async (request) => {
      const profileId = me(request);
      const { id } = request.body as { id: string };
      assertMay((await getProfile(db, profileId)).status, 'preferPayoutMethod');
      await db.transaction(async (tx) => {
        const row = await getOwnPaymentMethod(tx, profileId, id, Object.keys(MAX_COUNT));
        if (row.status !== 'ACTIVE')
          throw conflict(
            'PaymentMethodNotUsable: confirm this Zelle token with its code before preferring it',
          );
        if (row.preferred) return;
        await setPreferred(tx, profileId, id);
        await notifyPayoutMethodChange(tx, mailer, merchants, profileId, 'preferred', row.type);
      });
      await mailer.flush();
      return { data: await listed(profileId) };
    },
  );

  // ---- bank accounts ------------------------------------------------------------------------

  // The BIC of an IBAN's bank where a national directory knows it, for the bank-account form to
  // suggest and the user to confirm. POST, so the IBAN stays out of URLs and access logs.
  app.post(
    '/bic-lookup',
    {
      config: { rateLimit: app.limit(30, 'account') },
      schema: {
        tags: ['payout methods'],
        body: {
          type: 'object',
          properties: { iban: { type: 'string', maxLength: 64 } },
          required: ['iban'],
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'object',
            properties: {
              data: {
                type: 'object',
                properties: { bic: { type: ['string', 'null'] } },
                required: ['bic'],
              },
            },
            required: ['data'],
          },
        },
      },
    },
    async (request) => ({ data: { bic: bicFromIban((request.body as { iban: string }).iban) } }),
  );

  function bankRecord(body: Body): { form: Body; preferred: boolean } {
    const { preferred, id: _id, ...form } = body;
    return { form, preferred: preferred === true };
  }

  /** `rules`: a previous rules version the client's form started with (grace period). */
  async function validateBank(
    profile: ProfileRow,
    form: Body,
    rules: FormValidator | null,
  ): Promise<void> {
    forms.assertValid('bank-account', form, {}, rules ?? undefined);
    const merchant = merchants.byId(profile.merchantId);
    const country = String(form.countryCode);
    // The account's country says which transfer methods exist; the merchant may pay to fewer.
    const narrowed = merchant?.configuration.payoutTypes;
    const method = String(form.transferMethod) as PaymentMethodType;
    if (narrowed && !narrowed.includes(method))
      throw conflict(`PaymentTypeNotOffered: ${method} bank accounts are not offered here`);
    if (merchant && !merchant.configuration.supportedCountries.includes(country)) {
      throw badRequest(`ValidationError: bank accounts in ${country} are not supported here`, [
        {
          path: '/countryCode',
          keyword: 'enum',
          messageKey: 'enum',
          params: { allowedValues: merchant.configuration.supportedCountries },
          message: 'Choose one of the listed options for Country.',
        },
      ]);
    }
  }

  /** What may be shown (masked) goes to details; the full numbers are sealed. */
  function bankStorage(form: Body, methodId: string): { details: Body; sealed: string } {
    const text = (key: string) =>
      typeof form[key] === 'string' && form[key] !== '' ? (form[key] as string) : undefined;
    const iban = text('iban') ? (electronicFormatIBAN(text('iban')) ?? undefined) : undefined;
    const secrets = {
      accountNumber: text('accountNumber'),
      routingNumber: text('routingNumber'),
      iban,
    };
    const details: Body = {};
    for (const key of [
      'nickname',
      'countryCode',
      'accountType',
      'bic',
      'sortCode',
      'cnapsCode',
      'bsbCode',
      'bankName',
      'bankBranchName',
    ]) {
      const value = text(key);
      if (value) details[key] = key === 'bic' ? value.trim().toUpperCase() : value;
    }
    if (secrets.accountNumber) details.accountNumber = maskTail(secrets.accountNumber);
    if (secrets.routingNumber) details.routingNumber = maskTail(secrets.routingNumber);
    if (iban) details.iban = maskIban(iban);
    // The beneficiary's address, as the bank will be given it.
    const address = payoutAddress(form);
    if (address) details.address = address;
    return { details, sealed: sealer.seal(JSON.stringify(secrets), sealedBinding(methodId)) };
  }

  app.post(
    '/bank-accounts',
    {
      schema: {
        tags: ['payout methods'],
        body: objectBody,
        documentedBody: docs.bankAccount(),
        response: oneMethod,
      },
    },
    async (request) => {
      const profileId = me(request);
      const { form, preferred } = bankRecord(request.body as Body);
      const profile = await getProfile(db, profileId);
      assertMay(profile.status, 'addPayoutMethod');
      await validateBank(profile, form, request.rulesValidator);
      const id = randomUUID();
      const { details, sealed } = bankStorage(form, id);
      return added(profileId, (tx) =>
        insertMethod(
          tx,
          profileId,
          { id, type: String(form.transferMethod), details, sealed },
          preferred,
        ),
      );
    },
  );

  app.put(
    '/bank-accounts/:id',
    {
      schema: {
        tags: ['payout methods'],
        params: idObject,
        body: objectBody,
        description:
          'Numbers not sent again (they are only ever answered masked) keep their stored value when the country stays the same.',
        documentedBody: docs.bankAccount(),
        response: oneMethod,
      },
    },
    async (request) => {
      const profileId = me(request);
      const { id } = request.params as { id: string };
      const { form, preferred } = bankRecord(request.body as Body);
      const profile = await getProfile(db, profileId);
      assertMay(profile.status, 'editPayoutMethod');
      await db.transaction(async (tx) => {
        const row = await getOwnPaymentMethod(tx, profileId, id, BANK_TYPES);
        await assertNotLockedByClaim(tx, row.id);
        // Numbers the user did not retype stay as they are (they are never sent back unmasked).
        const stored = row.sealed
          ? (JSON.parse(sealer.open(row.sealed, sealedBinding(row.id))) as Record<
              string,
              string | undefined
            >)
          : {};
        for (const key of SECRET_BANK_FIELDS) {
          const source = key === 'accountNumberConfirmation' ? 'accountNumber' : key;
          if (
            form[key] === undefined &&
            stored[source] !== undefined &&
            form.countryCode === row.details.countryCode
          )
            form[key] = stored[source];
        }
        await validateBank(profile, form, request.rulesValidator);
        const { details, sealed } = bankStorage(form, id);
        await tx
          .update(paymentMethods)
          .set({
            type: String(form.transferMethod as TransferMethod),
            details,
            sealed,
            updatedAt: new Date(),
          })
          .where(eq(paymentMethods.id, id));
        if (preferred) await setPreferred(tx, profileId, id);
        await notifyPayoutMethodChange(tx, mailer, merchants, profileId, 'changed', row.type);
      });
      return respond(profileId, id);
    },
  );

  app.delete(
    '/bank-accounts/:id',
    { schema: { tags: ['payout methods'], params: idObject, response: allMethods } },
    async (request) => {
      const { id } = request.params as { id: string };
      return deleteMethod(request, (tx, profileId) =>
        getOwnPaymentMethod(tx, profileId, id, BANK_TYPES),
      );
    },
  );

  // ---- debit cards ----------------------------------------------------------------------------

  app.post(
    '/debit-card',
    {
      schema: {
        tags: ['payout methods'],
        body: objectBody,
        documentedBody: docs.form('debit-card', PREFERRED),
        response: oneMethod,
      },
    },
    async (request) => {
      const profileId = me(request);
      const { preferred, ...form } = request.body as Body;
      if (!form.nameOnCard || !form.pan || !form.cvc) {
        throw badRequest('DebitCardIncomplete: Debit card creation requires name, PAN and CVC');
      }
      const profile = await getProfile(db, profileId);
      assertMay(profile.status, 'addPayoutMethod');
      await assertTypeOffered(profile, 'DEBIT_CARD');
      forms.assertValid('debit-card', form);
      const pan = String(form.pan);
      const [month = '', year = ''] = String(form.expiryDate).split('/');
      const details: Body = {
        brand: cardBrandOf(pan) === 'visa' ? 'VISA' : 'MASTERCARD',
        last4: pan.slice(-4),
        expirationMonth: Number(month),
        expirationYear: 2000 + Number(year),
        address: payoutAddress(form),
      };
      // The CVC is used for this request only (a processor would check it) and never stored or logged.
      return added(profileId, async (tx) => {
        const vaultToken = await cardVault.store(tx, pan);
        return insertMethod(
          tx,
          profileId,
          { type: 'DEBIT_CARD', details, vaultToken },
          preferred === true,
        );
      });
    },
  );

  app.put(
    '/debit-card',
    {
      schema: {
        tags: ['payout methods'],
        body: idObject,
      },
    },
    async (request) => {
      const { id } = request.body as { id: string };
      await db.transaction((tx) => getOwnPaymentMethod(tx, me(request), id, ['DEBIT_CARD']));
      throw conflict(
        'DebitCardNotEditable: a debit card cannot be edited; delete it and add the new card',
      );
    },
  );

  app.delete(
    '/debit-card/:id',
    { schema: { tags: ['payout methods'], params: idObject, response: allMethods } },
    async (request) => {
      const { id } = request.params as { id: string };
      return deleteMethod(request, (tx, profileId) =>
        getOwnPaymentMethod(tx, profileId, id, ['DEBIT_CARD']),
      );
    },
  );

  // ---- PayPal ---------------------------------------------------------------------------------
  // Log in with PayPal (services/paypal.ts): the portal asks for the authorization URL and sends
  // the person there; PayPal returns the browser to the callback, which spends the state, exchanges
  // the code and adds the account's verified email, then returns to the portal's /paypal screen.

  /** The Return URL: on the merchant's portal host, where the session cookie lives. */
  const paypalReturnUrl = (merchantId: string): string => {
    // The simulator is on this server: a path keeps the browser on the host it came from.
    if (paypal.simulated) return PAYPAL_CALLBACK_PATH;
    const merchant = merchants.byId(merchantId);
    const origin = merchant ? portalOrigin(config.publicUrl, merchant) : config.publicUrl;
    return `${origin}${PAYPAL_CALLBACK_PATH}`;
  };

  app.post(
    '/paypal/authorization-url',
    {
      config: { rateLimit: app.limit(20, 'account') },
      schema: {
        tags: ['payout methods'],
        summary: 'Where to send the person to connect PayPal (Log in with PayPal)',
        response: {
          200: data(
            exact({ url: { type: 'string', minLength: 1 } }),
            "PayPal's authorization URL with a state bound to this session (valid 10 minutes, once).",
          ),
        },
      },
    },
    async (request) => {
      const session = request.session;
      if (!session) throw new Error('the session gate let a request without a session through');
      const profile = await getProfile(db, session.profileId);
      assertMay(profile.status, 'addPayoutMethod');
      await assertTypeOffered(profile, 'Paypal');
      await assertBelowMax(db, session.profileId, 'Paypal', 'PayPal account');
      const state = await issuePaypalState(db, session);
      return { data: { url: paypal.authorizationUrl(paypalReturnUrl(profile.merchantId), state) } };
    },
  );

  app.get(
    '/paypal/callback',
    {
      // A browser navigation back from PayPal: the state proves this session started it minutes
      // ago, so a lapsed access window (the person took a while at PayPal) does not end it.
      config: { allowLapsedAccess: true, rateLimit: app.limit(20, 'account') },
      schema: {
        tags: ['payout methods'],
        summary: "PayPal's return (the Return URL): adds the account, back to /paypal",
        description:
          'Redirects (303) to /paypal when the account was added, or to /paypal?error=<Name> ' +
          '(PaypalStateMismatch, PaypalStateReused, PaypalEmailUnverified, ' +
          'PaypalAuthorizationFailed, PaypalUnavailable, MaxCountReached, ...).',
        querystring: {
          type: 'object',
          properties: {
            code: { type: 'string', maxLength: 2048 },
            state: { type: 'string', maxLength: 128 },
            error: { type: 'string', maxLength: 128 },
            error_description: { type: 'string', maxLength: 1024 },
          },
        },
        response: { 303: { description: 'Back to the portal.', type: 'null' } },
      },
    },
    async (request, reply) => {
      const session = request.session;
      if (!session) throw new Error('the session gate let a request without a session through');
      const { code = '', state = '', error } = request.query as Record<string, string | undefined>;
      try {
        // First, before PayPal is asked anything: a return this session did not start stops here.
        await spendPaypalState(db, session, state);
        // The person cancelled at PayPal (error=access_denied), or PayPal refused.
        if (error || !code) throw paypalAuthorizationFailed();
        const profile = await getProfile(db, session.profileId);
        assertMay(profile.status, 'addPayoutMethod');
        await assertTypeOffered(profile, 'Paypal');
        forms.assertValid('paypal', { authorizationCode: code });
        const account = await paypal.account(code, paypalReturnUrl(profile.merchantId));
        await added(session.profileId, async (tx) => {
          await assertBelowMax(tx, session.profileId, 'Paypal', 'PayPal account');
          return insertMethod(
            tx,
            session.profileId,
            { type: 'Paypal', details: { email: account.email } },
            false,
          );
        });
        return reply.redirect('/paypal', 303);
      } catch (failure) {
        if (!(failure instanceof ApiError)) throw failure;
        const name = errorNameOf(failure.message) ?? 'PaypalAuthorizationFailed';
        request.log.info({ refused: name }, 'paypal connection refused');
        return reply.redirect(`/paypal?${new URLSearchParams({ error: name }).toString()}`, 303);
      }
    },
  );

  app.delete('/paypal', { schema: { tags: ['payout methods'], response: allMethods } }, (request) =>
    deleteMethod(request, onlyOf('Paypal')),
  );

  // ---- Zelle ------------------------------------------------------------------------------------

  function zelleDetails(body: Body): Body {
    const { tokenType, email, phone, firstName, lastName } = body as Record<string, string>;
    return {
      tokenType,
      token: tokenType === 'ZELLE_PHONE' ? phone : email,
      email,
      phone,
      firstName,
      lastName,
      ...(payoutAddress(body) ? { address: payoutAddress(body) } : {}),
    };
  }

  const zelleOf = onlyOf('ZELLE');

  // A new or changed token awaits its code: it cannot be preferred or used until verified.
  app.post(
    '/zelle',
    {
      schema: {
        tags: ['payout methods'],
        body: objectBody,
        documentedBody: docs.form('zelle'),
        response: oneMethod,
      },
    },
    async (request) => {
      const profileId = me(request);
      const { preferred: _preferred, ...body } = request.body as Body;
      const profile = await getProfile(db, profileId);
      assertMay(profile.status, 'addPayoutMethod');
      await assertTypeOffered(profile, 'ZELLE');
      forms.assertValid('zelle', body);
      return added(profileId, async (tx) => {
        await assertBelowMax(tx, profileId, 'ZELLE', 'Zelle token');
        return insertMethod(
          tx,
          profileId,
          { type: 'ZELLE', status: 'AWAITS_OTP', details: zelleDetails(body) },
          false,
        );
      });
    },
  );

  const zelleChange = {
    tags: ['payout methods'],
    description: 'A changed token awaits its code again.',
    body: objectBody,
    documentedBody: docs.form('zelle'),
    response: oneMethod,
  };
  app.put('/zelle', { schema: zelleChange }, async (request) => {
    const profileId = me(request);
    const { preferred: _preferred, id: _id, status: _status, ...body } = request.body as Body;
    assertMay((await getProfile(db, profileId)).status, 'editPayoutMethod');
    forms.assertValid('zelle', body);
    const id = await db.transaction(async (tx) => {
      const row = await zelleOf(tx, profileId);
      if (!row) throw notFound('PaymentMethodNotFound: no Zelle token to change');
      await assertNotLockedByClaim(tx, row.id);
      const details = zelleDetails(body);
      const changed =
        details.token !== row.details.token || details.tokenType !== row.details.tokenType;
      await tx
        .update(paymentMethods)
        .set({
          details,
          updatedAt: new Date(),
          ...(changed ? { status: 'AWAITS_OTP', preferred: false } : {}),
        })
        .where(eq(paymentMethods.id, row.id));
      await ensurePreferred(tx, profileId);
      await notifyPayoutMethodChange(tx, mailer, merchants, profileId, 'changed', row.type);
      return row.id;
    });
    return respond(profileId, id);
  });

  app.delete('/zelle', { schema: { tags: ['payout methods'], response: allMethods } }, (request) =>
    deleteMethod(request, zelleOf),
  );

  const zelleSubject = (row: PaymentMethodRow) => `zelle:${row.id}:${String(row.details.token)}`;

  app.post(
    '/zelle/verify/otp',
    {
      config: { rateLimit: app.limit(10, 'account') },
      schema: {
        tags: ['payout methods'],
        body: {
          type: 'object',
          properties: { otpPrefix: { type: 'string', pattern: '^\\d{4}$' } },
        },
        response: { 200: RESPONSES.codeSent },
      },
    },
    async (request) => {
      const profileId = me(request);
      const { otpPrefix } = (request.body ?? {}) as { otpPrefix?: string };
      const profile = await getProfile(db, profileId);
      // Confirming the token completes adding it: allowed where editing a method is.
      assertMay(profile.status, 'editPayoutMethod');
      const row = await zelleOf(db, profileId);
      if (!row) throw notFound('PaymentMethodNotFound: no Zelle token to verify');
      if (row.status !== 'AWAITS_OTP')
        throw conflict('ZelleAlreadyVerified: this Zelle token is already confirmed');
      const token = String(row.details.token);
      const merchant = merchants.byId(profile.merchantId) ?? merchants.forHost(request.host);
      // The code goes to the token itself: the Zelle email, or the Zelle phone by text message;
      // it is bound to that token, so a token changed meanwhile cannot be confirmed with it.
      return sendCode(
        db,
        mailer,
        { profileId, purpose: 'ZELLE_VERIFICATION', subject: zelleSubject(row), prefix: otpPrefix },
        (code) => ({
          to: token,
          ...composeCode(
            recipientLocale(profile?.preferredLanguage, merchant),
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
  );

  app.put(
    '/zelle/verify',
    {
      config: { rateLimit: app.limit(20, 'account') },
      schema: {
        tags: ['payout methods'],
        body: { type: 'object', properties: { otp: { type: 'string' } }, required: ['otp'] },
        response: oneMethod,
      },
    },
    async (request) => {
      const profileId = me(request);
      const { otp } = request.body as { otp: string };
      forms.assertValid('otp', { otp });
      assertMay((await getProfile(db, profileId)).status, 'editPayoutMethod');
      const row = await zelleOf(db, profileId);
      if (!row) throw notFound('PaymentMethodNotFound: no Zelle token to verify');
      await redeemCode(
        db,
        { profileId, purpose: 'ZELLE_VERIFICATION', subject: zelleSubject(row), code: otp },
        async (tx) => {
          await tx
            .update(paymentMethods)
            .set({ status: 'ACTIVE', updatedAt: new Date() })
            .where(eq(paymentMethods.id, row.id));
          await ensurePreferred(tx, profileId);
        },
      );
      return respond(profileId, row.id);
    },
  );

  // ---- physical checks --------------------------------------------------------------------------

  app.post(
    '/physical-checks',
    {
      schema: {
        tags: ['payout methods'],
        body: objectBody,
        documentedBody: docs.form('physical-check', PREFERRED),
        response: oneMethod,
      },
    },
    async (request) => {
      const profileId = me(request);
      const body = (request.body ?? {}) as Body;
      const profile = await getProfile(db, profileId);
      assertMay(profile.status, 'addPayoutMethod');
      await assertTypeOffered(profile, 'PHYSICAL_CHECK');
      forms.assertValid('physical-check', body);
      const [address] = await db
        .select()
        .from(addresses)
        .where(eq(addresses.profileId, profileId))
        .limit(1);
      if (!address)
        throw badRequest(
          'AddressRequired: a paper check is mailed to the profile address; add one first',
        );
      return added(profileId, async (tx) => {
        await assertBelowMax(tx, profileId, 'PHYSICAL_CHECK', 'paper check');
        return insertMethod(
          tx,
          profileId,
          { type: 'PHYSICAL_CHECK', details: {} },
          body.preferred === true,
        );
      });
    },
  );

  app.delete(
    '/physical-checks',
    { schema: { tags: ['payout methods'], response: allMethods } },
    (request) => deleteMethod(request, onlyOf('PHYSICAL_CHECK')),
  );
};
export default paymentMethodRoutes;
