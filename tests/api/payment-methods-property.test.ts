// Random and malformed bodies against every payout-method route: never a 500, every 4xx carries
// {code, message}, and a rejected request leaves the stored data exactly as it was.
import fc from 'fast-check';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardVault, claims, paymentMethods } from '../../src/server/db/schema';
import { DATABASE_KINDS } from './support/databases';
import { activatedUser, startTestApp, type TestApp } from './support/harness';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 200);
const FIELD_NAMES = [
  'countryCode',
  'transferMethod',
  'nickname',
  'accountType',
  'accountNumber',
  'accountNumberConfirmation',
  'iban',
  'bic',
  'sortCode',
  'routingNumber',
  'cnapsCode',
  'bsbCode',
  'nameOnCard',
  'pan',
  'panConfirmation',
  'expiryDate',
  'cvc',
  'authorizationCode',
  'tokenType',
  'email',
  'phone',
  'firstName',
  'lastName',
  'preferred',
  'id',
  'otp',
  'otpPrefix',
  'addressLine1',
  'addressCity',
  'addressPostalCode',
  'addressCountryCode',
];

const fieldValue = fc.oneof(
  fc.string(),
  fc.constantFrom(
    'US',
    'GB',
    'DE',
    'XX',
    'ACH',
    'WIRE',
    'RTP',
    'CHECKING',
    '021000021',
    '4242424242424242',
    '12/39',
    '13/99',
    'ZELLE_EMAIL',
    'a@b.co',
    '+14155550123',
    '',
    '   ',
    'DE89370400440532013000',
    'DEUTDEFF',
  ),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string(), { maxKeys: 3 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const formLike = fc.dictionary(fc.constantFrom(...FIELD_NAMES), fieldValue, { maxKeys: 12 });
const body = fc.oneof(
  { weight: 6, arbitrary: formLike },
  { weight: 2, arbitrary: fc.anything() },
  { weight: 1, arbitrary: fc.string().map((raw) => ({ __raw: raw })) },
);

describe.each(DATABASE_KINDS)('payout-method routes under random input on %s', (kind) => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof activatedUser>>;
  let existingId = '';
  beforeAll(async () => {
    t = await startTestApp(kind);
    user = await activatedUser(t.app);
    const created = await user.browser.api<{ physicalCheck: { id: string } }>(
      'POST',
      '/payment-methods/physical-checks',
      {},
    );
    existingId = created.body.data.physicalCheck.id;
  }, 60_000);
  afterAll(async () => t?.close());

  async function snapshot(): Promise<string> {
    const methods = await t.database.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.profileId, user.profileId))
      .orderBy(paymentMethods.id);
    const tokens = methods.map((m) => m.vaultToken).filter((v): v is string => Boolean(v));
    const vault = tokens.length
      ? await t.database.db.select().from(cardVault).where(inArray(cardVault.token, tokens))
      : [];
    const claim = await t.database.db.select().from(claims).where(eq(claims.id, user.claimId));
    return JSON.stringify({ methods, vault, claim });
  }

  const routes: [string, (id: string) => string][] = [
    ['POST', () => '/payment-methods/bank-accounts'],
    ['PUT', (id) => `/payment-methods/bank-accounts/${id}`],
    ['POST', () => '/payment-methods/debit-card'],
    ['PUT', () => '/payment-methods/debit-card'],
    ['POST', () => '/payment-methods/paypal/authorization-url'],
    ['POST', () => '/payment-methods/zelle'],
    ['PUT', () => '/payment-methods/zelle'],
    ['POST', () => '/payment-methods/zelle/verify/otp'],
    ['PUT', () => '/payment-methods/zelle/verify'],
    ['POST', () => '/payment-methods/physical-checks'],
    ['POST', () => '/payment-methods/preferred'],
    ['DELETE', (id) => `/payment-methods/bank-accounts/${id}`],
  ];

  it.each(routes.map(([method, path]) => [method, path(':id'), path] as const))(
    '%s %s',
    async (method, _label, path) => {
      await fc.assert(
        fc.asyncProperty(
          body,
          fc.constantFrom(existingId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid'),
          async (payload, id) => {
            const before = await snapshot();
            const raw =
              payload && typeof payload === 'object' && '__raw' in payload
                ? String((payload as { __raw: string }).__raw)
                : undefined;
            const response = await t.app.inject({
              method: method as 'POST',
              url: `/master/funnel/v1${path(id)}`,
              headers: {
                cookie: `pp_session=${user.browser.cookie('pp_session')}`,
                'x-csrf-token': user.browser.cookie('XSRF-TOKEN') ?? '',
                'content-type': 'application/json',
              },
              payload: raw ?? JSON.stringify(payload ?? null),
            });
            expect(response.statusCode, response.body).toBeLessThan(500);
            if (response.statusCode >= 400) {
              const error = response.json() as { code: unknown; message: unknown };
              expect(typeof error.code).toBe('number');
              expect(typeof error.message).toBe('string');
              expect(await snapshot()).toBe(before);
            }
          },
        ),
        { numRuns: RUNS },
      );
    },
    120_000,
  );
});
