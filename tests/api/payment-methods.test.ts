// Payout methods: every type created, listed, edited, preferred and deleted; per-country bank
// validation on the server; limits and rules; data protection at rest.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claims, paymentMethods } from '../../src/server/db/schema';
import { catalog } from '../support/validator';
import { DATABASE_KINDS } from './support/databases';
import {
  activatedUser,
  admin,
  Browser,
  registeredUser,
  latestOtp,
  outbox,
  startTestApp,
  uniqueEmail,
  type TestApp,
} from './support/harness';
import { returnFromPaypal, startPaypal } from './support/paypal';
import { DEBIT_CARD as CARD } from '../fixtures/payout-methods';

type Method = { type: string; [nested: string]: unknown };
type Errors = { path: string; keyword: string }[];

const bankExamples = (country: string) => {
  const examples = catalog.rules[country]?.examples.filter((e) => e.form === 'bank-account') ?? [];
  return { valid: examples.filter((e) => e.valid), invalid: examples.filter((e) => e.errors) };
};
const COUNTRIES = ['US', 'GB', 'DE', 'MX', 'IN', 'AU', 'CA', 'CN', 'AR', '_default'];
const ZELLE = {
  tokenType: 'ZELLE_EMAIL',
  email: 'ana.zelle@example.com',
  phone: '+14155550123',
  firstName: 'Ana',
  lastName: 'Lima',
};

describe.each(DATABASE_KINDS)('payout methods on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  describe.each(COUNTRIES)('bank account in %s', (country) => {
    it('creates, lists masked, edits, prefers and deletes', async () => {
      const user = await activatedUser(t.app);
      const { valid } = bankExamples(country);
      expect(valid.length).toBeGreaterThan(0);
      const ids: string[] = [];
      for (const example of valid) {
        const created = await user.browser.api<Method>(
          'POST',
          '/payment-methods/bank-accounts',
          example.data,
        );
        expect(created.status, JSON.stringify(created.body)).toBe(200);
        const account = created.body.data.bankAccount as Record<string, string>;
        expect(created.body.data.type).toBe(example.data.transferMethod);
        ids.push(account.id ?? '');
        // Full numbers never come back: masked account and routing numbers, a masked IBAN.
        const accountNumber = example.data.accountNumber as string | undefined;
        if (accountNumber) expect(account.accountNumber).toBe(`•••• ${accountNumber.slice(-4)}`);
        if (example.data.routingNumber) expect(account.routingNumber).toMatch(/^•••• \d{4}$/);
        if (example.data.iban)
          expect(account.iban).toMatch(/^[A-Z]{2}\d{2} [•\s]+[•]*[0-9A-Z]{0,2}/);
        expect(JSON.stringify(created.body)).not.toContain(accountNumber ?? '∅');
      }
      const list = await user.browser.api<Method[]>('GET', '/payment-methods');
      expect(list.body.data).toHaveLength(valid.length);
      expect(
        list.body.data.filter((m) => (m.bankAccount as { preferred: boolean }).preferred),
      ).toHaveLength(1);

      const [first] = valid;
      if (!first) throw new Error(`no valid bank example for ${country}`);
      const edited = await user.browser.api<Method>(
        'PUT',
        `/payment-methods/bank-accounts/${ids[0]}`,
        {
          ...first.data,
          nickname: 'Renamed',
          accountNumber: undefined,
          accountNumberConfirmation: undefined,
          iban: undefined,
          routingNumber: undefined,
        },
      );
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect((edited.body.data.bankAccount as { nickname: string }).nickname).toBe('Renamed');

      const last = ids.at(-1) ?? '';
      expect(
        (await user.browser.api('POST', '/payment-methods/preferred', { id: last })).status,
      ).toBe(200);
      const after = await user.browser.api<Method[]>('GET', '/payment-methods');
      expect(
        after.body.data.find((m) => (m.bankAccount as { id: string }).id === last)?.bankAccount,
      ).toMatchObject({ preferred: true });
      for (const id of ids)
        expect(
          (await user.browser.api('DELETE', `/payment-methods/bank-accounts/${id}`)).status,
        ).toBe(200);
      expect((await user.browser.api<Method[]>('GET', '/payment-methods')).body.data).toEqual([]);
    });

    it('rejects what the rule file says must fail, with a 400 naming field and keyword', async () => {
      const user = await activatedUser(t.app);
      for (const example of bankExamples(country).invalid) {
        const response = await user.browser.api(
          'POST',
          '/payment-methods/bank-accounts',
          example.data,
        );
        expect(response.status, example.description).toBe(400);
        expect(response.body.code).toBe(400);
        for (const expected of example.errors ?? [])
          expect(response.body.errors as Errors).toContainEqual(expect.objectContaining(expected));
      }
      expect((await user.browser.api<Method[]>('GET', '/payment-methods')).body.data).toEqual([]);
    });
  });

  it('rejects bad checksums: ABA, IBAN, CLABE, CBU and BIC', async () => {
    const user = await activatedUser(t.app);
    const cases: [string, Record<string, unknown>, string, string][] = [
      [
        'US',
        {
          countryCode: 'US',
          transferMethod: 'ACH',
          nickname: 'A',
          accountType: 'CHECKING',
          routingNumber: '021000022',
          accountNumber: '123456789',
          accountNumberConfirmation: '123456789',
        },
        '/routingNumber',
        'abaRouting',
      ],
      [
        'DE',
        {
          countryCode: 'DE',
          transferMethod: 'WIRE',
          nickname: 'A',
          iban: 'DE89370400440532013001',
          bic: 'DEUTDEFF',
        },
        '/iban',
        'iban',
      ],
      [
        'MX',
        {
          ...bankExamples('MX').valid[0]?.data,
          accountNumber: '002010077777777772',
          accountNumberConfirmation: '002010077777777772',
        },
        '/accountNumber',
        'clabe',
      ],
      [
        'AR',
        {
          ...bankExamples('AR').valid[0]?.data,
          accountNumber: '2850590940090418135202',
          accountNumberConfirmation: '2850590940090418135202',
        },
        '/accountNumber',
        'cbu',
      ],
      [
        'KE',
        {
          countryCode: 'KE',
          transferMethod: 'WIRE',
          nickname: 'A',
          accountNumber: '0180291234567',
          accountNumberConfirmation: '0180291234567',
          bic: 'EQB1KENA',
        },
        '/bic',
        'bic',
      ],
    ];
    for (const [country, body, path, keyword] of cases) {
      const response = await user.browser.api('POST', '/payment-methods/bank-accounts', body);
      expect(response.status, country).toBe(400);
      expect(response.body.errors, country).toContainEqual(
        expect.objectContaining({ path, keyword }),
      );
    }
  });

  it('debit card: refuses a Luhn failure, stores a good one masked, never edits, deletes', async () => {
    const user = await activatedUser(t.app);
    const bad = await user.browser.api('POST', '/payment-methods/debit-card', {
      ...CARD,
      pan: '4242424242424241',
      panConfirmation: '4242424242424241',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toContainEqual(
      expect.objectContaining({ path: '/pan', keyword: 'luhn' }),
    );
    const incomplete = await user.browser.api('POST', '/payment-methods/debit-card', {
      ...CARD,
      cvc: undefined,
    });
    expect(incomplete.body.message).toBe(
      'DebitCardIncomplete: Debit card creation requires name, PAN and CVC',
    );
    const created = await user.browser.api<Method>('POST', '/payment-methods/debit-card', CARD);
    expect(created.status).toBe(200);
    expect(created.body.data).toEqual({
      type: 'DEBIT_CARD',
      debitCard: expect.objectContaining({
        brand: 'VISA',
        last4: '4242',
        expirationMonth: 12,
        expirationYear: 2039,
        preferred: true,
      }),
      // A US debit card receives USD (country rules: currencies).
      currencies: ['USD'],
    });
    // The CVC as a value ("321"): the card's random id may hold the digits 321 (it did in CI).
    expect(JSON.stringify(created.body)).not.toMatch(/4242424242424242|"cvc"|"321"|nameOnCard/);
    const id = (created.body.data.debitCard as { id: string }).id;
    const edit = await user.browser.api('PUT', '/payment-methods/debit-card', { id });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toMatch(/^DebitCardNotEditable/);
    expect((await user.browser.api('DELETE', `/payment-methods/debit-card/${id}`)).status).toBe(
      200,
    );
  });

  it('PayPal: connects through Log in with PayPal (the simulator), one account at most', async () => {
    const user = await activatedUser(t.app);
    const authorize = await startPaypal(user.browser);
    // PayPal's authorize page with our client, the scopes for the verified email, the return URL
    // and a state.
    expect(authorize.pathname).toBe('/master/paypal-sim/signin/authorize');
    expect(Object.fromEntries(authorize.searchParams)).toEqual({
      client_id: 'payee-portal-simulator',
      response_type: 'code',
      scope: 'openid email https://uri.paypal.com/services/paypalattributes',
      redirect_uri: '/master/funnel/v1/payment-methods/paypal/callback',
      state: expect.stringMatching(/^[\w-]{43}$/),
    });
    const back = await returnFromPaypal(user.browser, authorize, 'ana.pp@example.com');
    expect(back.location).toBe('/paypal');
    const listed = await user.browser.api<Method[]>('GET', '/payment-methods');
    expect(listed.body.data).toEqual([
      {
        type: 'Paypal',
        paypal: expect.objectContaining({ email: 'ana.pp@example.com', preferred: true }),
        currencies: expect.arrayContaining(['USD', 'EUR', 'JPY']),
      },
    ]);
    // One account at most: not even sent to PayPal for a second.
    const second = await user.browser.api('POST', '/payment-methods/paypal/authorization-url');
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/^MaxCountReached/);
    // The code-only route of the simulator days is gone: a code alone adds nothing.
    expect(
      (await user.browser.api('POST', '/payment-methods/paypal', { authorizationCode: 'forged' }))
        .status,
    ).toBe(404);
    expect((await user.browser.api('DELETE', '/payment-methods/paypal')).status).toBe(200);
    // Cancelled at PayPal: back with the reason, nothing added.
    const started = await startPaypal(user.browser);
    const cancelled = await user.browser.request('POST', started.pathname, {
      client_id: started.searchParams.get('client_id'),
      redirect_uri: started.searchParams.get('redirect_uri'),
      state: started.searchParams.get('state'),
      cancel: '1',
    });
    const returned = await user.browser.get(String(cancelled.raw.headers.location));
    expect(returned.raw.headers.location).toBe('/paypal?error=PaypalAuthorizationFailed');
    expect((await user.browser.api<Method[]>('GET', '/payment-methods')).body.data).toEqual([]);
  });

  it('Zelle: awaits its code, cannot be preferred or paid to before, verified by the code sent to the token', async () => {
    const user = await activatedUser(t.app);
    const check = await user.browser.api<Method>('POST', '/payment-methods/physical-checks', {
      preferred: true,
    });
    const checkId = (check.body.data.physicalCheck as { id: string }).id;
    const created = await user.browser.api<Method>('POST', '/payment-methods/zelle', ZELLE);
    const zelle = created.body.data.zelle as {
      id: string;
      status: string;
      preferred: boolean;
      token: string;
    };
    expect(zelle).toMatchObject({ status: 'AWAITS_OTP', preferred: false, token: ZELLE.email });
    expect(
      (await user.browser.api('POST', '/payment-methods/preferred', { id: zelle.id })).status,
    ).toBe(409);

    // A Zelle token awaiting its code cannot even be chosen for a claim's code.
    const refused = await user.browser.api('POST', `/claims/${user.claimId}/accept/otp`, {
      paymentMethodId: zelle.id,
    });
    expect(refused.status).toBe(409);

    // The prefix the portal sends is the one the code starts with; anything but 4 digits is refused.
    const malformed = await user.browser.api('POST', '/payment-methods/zelle/verify/otp', {
      otpPrefix: '24a8',
    });
    expect(malformed.status).toBe(400);
    expect(await outbox(t.app, ZELLE.email)).toHaveLength(0);
    const sent = await user.browser.api<{ prefix: string }>(
      'POST',
      '/payment-methods/zelle/verify/otp',
      { otpPrefix: '2468' },
    );
    expect(sent.body.data.prefix).toBe('2468');
    const code = await latestOtp(t.app, ZELLE.email);
    expect((await outbox(t.app, ZELLE.email))[0]?.text).toContain(`2468-${code}`);
    const verified = await user.browser.api<Method>('PUT', '/payment-methods/zelle/verify', {
      otp: code,
    });
    expect(verified.body.data.zelle).toMatchObject({ status: 'ACTIVE' });
    expect(
      (await user.browser.api('POST', '/payment-methods/preferred', { id: zelle.id })).status,
    ).toBe(200);

    await user.browser.api('POST', `/claims/${user.claimId}/accept/otp`, {
      paymentMethodId: zelle.id,
      targetCurrency: 'USD',
    });
    const paid = await user.browser.api<{ status: string; paymentMethodId: string }>(
      'PUT',
      `/claims/${user.claimId}/accept`,
      { otp: await latestOtp(t.app, user.email), paymentMethodId: zelle.id, targetCurrency: 'USD' },
    );
    expect(paid.body.data).toMatchObject({
      status: 'PAYMENT_IN_PROGRESS',
      paymentMethodId: zelle.id,
    });

    // While the payment is in progress the token is frozen; once paid it may change again.
    const frozen = await user.browser.api('PUT', '/payment-methods/zelle', {
      ...ZELLE,
      tokenType: 'ZELLE_PHONE',
    });
    expect(frozen.status).toBe(409);
    expect(frozen.body.message).toMatch(/^PaymentMethodLocked/);
    await t.database.db.update(claims).set({ status: 'PAID' }).where(eq(claims.id, user.claimId));

    // Changing the token makes it await a code again and hands preference back to the check.
    const changed = await user.browser.api<Method>('PUT', '/payment-methods/zelle', {
      ...ZELLE,
      tokenType: 'ZELLE_PHONE',
    });
    expect(changed.body.data.zelle).toMatchObject({
      status: 'AWAITS_OTP',
      preferred: false,
      token: ZELLE.phone,
    });
    const methods = (await user.browser.api<Method[]>('GET', '/payment-methods')).body.data;
    expect(methods.find((m) => m.type === 'PHYSICAL_CHECK')?.physicalCheck).toMatchObject({
      id: checkId,
      preferred: true,
    });
    expect((await user.browser.api('POST', '/payment-methods/zelle', ZELLE)).status).toBe(409);
    expect((await user.browser.api('DELETE', '/payment-methods/zelle')).status).toBe(200);
  });

  it('paper check: needs an address, one at most', async () => {
    const user = await activatedUser(t.app);
    const created = await user.browser.api<Method>('POST', '/payment-methods/physical-checks', {
      preferred: true,
    });
    expect(created.body.data).toEqual({
      type: 'PHYSICAL_CHECK',
      physicalCheck: expect.objectContaining({ preferred: true }),
      currencies: ['USD'],
    });
    expect((await user.browser.api('POST', '/payment-methods/physical-checks', {})).status).toBe(
      409,
    );
    expect((await user.browser.api('DELETE', '/payment-methods/physical-checks')).status).toBe(200);
  });

  it('makes the first method preferred, and deleting the preferred one promotes the newest remaining', async () => {
    const user = await activatedUser(t.app);
    const [us] = bankExamples('US').valid;
    const a = await user.browser.api<Method>('POST', '/payment-methods/bank-accounts', {
      ...us?.data,
      nickname: 'First',
    });
    const b = await user.browser.api<Method>('POST', '/payment-methods/bank-accounts', {
      ...us?.data,
      nickname: 'Second',
    });
    const c = await user.browser.api<Method>('POST', '/payment-methods/debit-card', CARD);
    const idOf = (m: Method) => ((m.bankAccount ?? m.debitCard) as { id: string }).id;
    const preferredOf = (methods: Method[]) =>
      methods
        .filter((m) => ((m.bankAccount ?? m.debitCard) as { preferred: boolean }).preferred)
        .map(idOf);
    expect(
      preferredOf((await user.browser.api<Method[]>('GET', '/payment-methods')).body.data),
    ).toEqual([idOf(a.body.data)]);
    await user.browser.api('DELETE', `/payment-methods/bank-accounts/${idOf(a.body.data)}`);
    expect(
      preferredOf((await user.browser.api<Method[]>('GET', '/payment-methods')).body.data),
    ).toEqual([idOf(c.body.data)]);
    await user.browser.api('DELETE', `/payment-methods/debit-card/${idOf(c.body.data)}`);
    expect(
      preferredOf((await user.browser.api<Method[]>('GET', '/payment-methods')).body.data),
    ).toEqual([idOf(b.body.data)]);
  });

  it('refuses deletion while ON_HOLD (adding, editing and preferring go on), and additions unless proofed', async () => {
    const user = await activatedUser(t.app);
    const created = await user.browser.api<Method>('POST', '/payment-methods/physical-checks', {});
    expect(created.status).toBe(200);
    await admin(t.app, 'PUT', `/profiles/${user.profileId}/status`, { status: 'ON_HOLD' });
    const refused = await user.browser.api('DELETE', '/payment-methods/physical-checks');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^ProfileOnHold/);
    expect((await user.browser.api('POST', '/payment-methods/debit-card', CARD)).status).toBe(200);
    await admin(t.app, 'PUT', `/profiles/${user.profileId}/status`, { status: 'ACTIVATED' });
    expect((await user.browser.api('DELETE', '/payment-methods/physical-checks')).status).toBe(200);
  });

  it('lists the types a user may add for their residency, with their limits', async () => {
    const user = await activatedUser(t.app);
    const types = await user.browser.api<{ type: string; maxCount: number | null }[]>(
      'GET',
      `/payment-methods/available-types?claimID=${user.claimId}`,
    );
    expect(types.body.data.map((x) => x.type)).toEqual([
      'ACH',
      'WIRE',
      'RTP',
      'DEBIT_CARD',
      'Paypal',
      'ZELLE',
      'PHYSICAL_CHECK',
    ]);
    expect(types.body.data.find((x) => x.type === 'ZELLE')?.maxCount).toBe(1);
    expect(types.body.data.find((x) => x.type === 'ACH')?.maxCount).toBeNull();
    await user.browser.api('POST', '/payment-methods/physical-checks', {});
    const after = await user.browser.api<{ type: string }[]>(
      'GET',
      '/payment-methods/available-types',
    );
    expect(after.body.data.map((x) => x.type)).not.toContain('PHYSICAL_CHECK');
    const gb = await activatedUser(t.app, uniqueEmail('gb'), {
      firstName: 'Ann',
      lastName: 'Smith',
      dob: '1980-01-01',
      residency: 'GB',
    });
    expect(
      (
        await gb.browser.api<{ type: string }[]>('GET', '/payment-methods/available-types')
      ).body.data.map((x) => x.type),
    ).toEqual(['WIRE', 'Paypal']);
    // What is not listed cannot be added by calling the API either (country rule payoutTypes).
    for (const [path, body] of [
      ['/payment-methods/zelle', { tokenType: 'ZELLE_EMAIL', token: 'ann@example.com' }],
      [
        '/payment-methods/debit-card',
        { nameOnCard: 'Ann Smith', pan: '4111111111111111', cvc: '123', expiryDate: '11/38' },
      ],
      ['/payment-methods/physical-checks', {}],
    ] as const) {
      const refused = await gb.browser.api('POST', path, body);
      expect(refused.status, path).toBe(409);
      expect(refused.body.message).toMatch(/^PaymentTypeNotOffered: .* residents of GB$/);
    }
    expect((await gb.browser.api<{ type: string }[]>('GET', '/payment-methods')).body.data).toEqual(
      [],
    );
  });

  it('pays a claim once under ten concurrent accepts', async () => {
    const user = await activatedUser(t.app);
    const check = await user.browser.api<Method>('POST', '/payment-methods/physical-checks', {});
    const paymentMethodId = (check.body.data.physicalCheck as { id: string }).id;
    await user.browser.api('POST', `/claims/${user.claimId}/accept/otp`, {
      paymentMethodId,
      targetCurrency: 'USD',
    });
    const otp = await latestOtp(t.app, user.email);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        user.browser.api<{ status: string; acceptedAt: string }>(
          'PUT',
          `/claims/${user.claimId}/accept`,
          { otp, paymentMethodId, targetCurrency: 'USD' },
        ),
      ),
    );
    expect(responses.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const accepted = responses.filter((r) => r.status === 200).map((r) => r.body.data.acceptedAt);
    expect(new Set(accepted).size).toBe(1);
    const [row] = await t.database.db.select().from(claims).where(eq(claims.id, user.claimId));
    expect(row?.status).toBe('PAYMENT_IN_PROGRESS');
  });

  it('suggests the BIC of an IBAN whose bank a national directory knows (bic-lookup)', async () => {
    const user = await activatedUser(t.app);
    const lookup = (iban: unknown) =>
      user.browser.api<{ bic: string | null }>('POST', '/payment-methods/bic-lookup', { iban });
    // Commerzbank (Bankleitzahl 37040044), from the registry's German example; print format too.
    for (const iban of ['DE89370400440532013000', 'de89 3704 0044 0532 0130 00']) {
      const found = await lookup(iban);
      expect(found.status).toBe(200);
      expect(found.body.data).toEqual({ bic: 'COBADEFFXXX' });
    }
    expect((await lookup('NL91ABNA0417164300')).body.data).toEqual({ bic: 'ABNANL2A' });
    // No directory for Ukraine; a mistyped IBAN derives nothing.
    expect((await lookup('UA213223130000026007233566001')).body.data).toEqual({ bic: null });
    expect((await lookup('DE88370400440532013000')).body.data).toEqual({ bic: null });
    const bad = await lookup(42);
    expect(bad.status).toBe(400);
    expect((await user.browser.api('POST', '/payment-methods/bic-lookup', {})).status).toBe(400);
    // Private, like every payout-method route.
    const stranger = await new Browser(t.app).api('POST', '/payment-methods/bic-lookup', {
      iban: 'DE89370400440532013000',
    });
    expect(stranger.status).toBe(401);
  });

  it('keeps another user out of my methods', async () => {
    const owner = await activatedUser(t.app);
    const intruder = await activatedUser(t.app);
    const created = await owner.browser.api<Method>('POST', '/payment-methods/debit-card', CARD);
    const id = (created.body.data.debitCard as { id: string }).id;
    expect((await intruder.browser.api('DELETE', `/payment-methods/debit-card/${id}`)).status).toBe(
      404,
    );
    expect((await intruder.browser.api('POST', '/payment-methods/preferred', { id })).status).toBe(
      404,
    );
    expect(
      await t.database.db.select().from(paymentMethods).where(eq(paymentMethods.id, id)),
    ).toHaveLength(1);
  });
});

describe('bic-lookup rate limit', () => {
  it('answers 30 lookups a minute per account, then 429 (limits at their real values)', async () => {
    const strict = await startTestApp('pglite', { RATE_LIMIT_SCALE: '1' });
    try {
      const user = await registeredUser(strict.app);
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++)
        statuses.push(
          (
            await user.browser.api('POST', '/payment-methods/bic-lookup', {
              iban: 'DE89370400440532013000',
            })
          ).status,
        );
      expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
      expect(statuses[30]).toBe(429);
    } finally {
      await strict.close();
    }
  }, 60_000);
});
