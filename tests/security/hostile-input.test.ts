// Hostile input against every route of the app (from its route table), signed in and anonymous:
// malformed JSON, wrong types, unknown fields, NUL, lone surrogates, right-to-left marks,
// 10,000-character strings, SQL and script injection, in the body, the query and the path.
// Never a 5xx; every JSON 4xx is {code, message}; a body over the limit is a 413; and a rejected
// request stores nothing (row counts of every table before and after).
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/server/app';
import { DATABASE_KINDS } from '../api/support/databases';
import { activatedUser, Browser, startTestApp, type TestApp } from '../api/support/harness';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);
const BODY_LIMIT = 64 * 1024;

const HOSTILE = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\u202Eevil\u202C',
  '\u200F\u061C',
  'a'.repeat(10_000),
  "' OR '1'='1' --",
  "'); DROP TABLE profiles; --",
  '1; SELECT pg_sleep(5)',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '%00',
  '{{7*7}}',
  '${7*7}',
  '-1',
  '1e308',
  '',
];
const FIELDS = [
  'email',
  'password',
  'claimId',
  'tokenId',
  'otp',
  'otpPrefix',
  'prefix',
  'id',
  'paymentMethodId',
  'targetCurrency',
  'consent',
  'data',
  'profileType',
  'person',
  'phones',
  'addresses',
  'firstName',
  'guardianEmail',
  'relationship',
  'iban',
  'countryCode',
  'transferMethod',
  'authorizationCode',
  'preferred',
  'state',
  'code',
  'accessCode',
  'image',
  '__proto__',
  'constructor',
  'unknownField',
];

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(fc.constantFrom(...FIELDS), hostileString, { maxKeys: 3 }),
);
/** A raw request body and its content type. */
interface Payload {
  body?: string;
  contentType?: string;
}
const payload: fc.Arbitrary<Payload> = fc.oneof(
  fc.constant({}),
  // Malformed JSON.
  fc
    .constantFrom('{', '{"a":', '[1,2', 'nul', '{"a":1}}', '\u0000', '{"__proto__":{"x":1}}', '"')
    .map((body) => ({ body, contentType: 'application/json' })),
  // Objects with known and unknown fields of any type.
  fc
    .dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 6 })
    .map((o) => ({ body: JSON.stringify(o), contentType: 'application/json' })),
  // Wrong top-level types.
  fc
    .oneof(value, fc.anything())
    .map((v) => ({ body: JSON.stringify(v) ?? 'null', contentType: 'application/json' })),
  // A form body (the sign-in pages take forms) with hostile values.
  fc.dictionary(fc.constantFrom(...FIELDS), hostileString, { maxKeys: 4 }).map((o) => ({
    body: new URLSearchParams(o).toString(),
    contentType: 'application/x-www-form-urlencoded',
  })),
  fc.constant({ body: 'x=1', contentType: 'text/plain' }),
);
const query = fc.option(
  fc.dictionary(fc.constantFrom(...FIELDS, 'to', 'targetCurrency', 'lng'), hostileString, {
    maxKeys: 3,
  }),
  { nil: undefined },
);
/**
 * Percent-encodes as an attacker may: a lone surrogate (which encodeURIComponent refuses) becomes
 * its WTF-8 bytes, invalid UTF-8 for the server to cope with.
 */
const encode = (text: string): string =>
  text.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\s\S]/g, (c) => {
    const unit = c.charCodeAt(0);
    if (c.length === 1 && unit >= 0xd800 && unit <= 0xdfff)
      return [0xed, 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    return encodeURIComponent(c);
  });
const segment = hostileString.map((s) => encode(s || 'x'));

/** Pages and files answer HTML; everything else answers JSON. */
const isJson = (response: LightMyRequestResponse) =>
  String(response.headers['content-type'] ?? '').startsWith('application/json');

describe.each(DATABASE_KINDS)('hostile input on every route on %s', (kind) => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof activatedUser>>;
  let routes: RouteEntry[];

  beforeAll(async () => {
    t = await startTestApp(kind);
    user = await activatedUser(t.app);
    // The API and the portal's entry; the built portal's files (one GET route each once `dist/`
    // exists) would otherwise crowd out the API routes.
    // The PayPal simulator answers as PayPal does ({error, error_description}), not as our API:
    // it stands in for a third party, and the real client reads those answers.
    routes = t.app.routeInventory.filter(
      (r) =>
        (r.url.startsWith('/master/') || r.url === '/') && !r.url.startsWith('/master/paypal-sim/'),
    );
  });
  afterAll(async () => t?.close());

  /** Row counts of every table: a rejected request leaves them as they were. */
  async function counts(): Promise<Record<string, unknown>> {
    const result = await t.database.db.execute(sql`select
      (select count(*) from profiles) as profiles, (select count(*) from addresses) as addresses,
      (select count(*) from phones) as phones, (select count(*) from guardians) as guardians,
      (select count(*) from tokens) as tokens, (select count(*) from claims) as claims,
      (select count(*) from one_time_codes) as codes, (select count(*) from outbox) as outbox,
      (select count(*) from payment_methods) as methods, (select count(*) from card_vault) as cards,
      (select count(*) from id_documents) as documents, (select count(*) from sessions) as sessions`);
    const rows = (result as unknown as { rows?: Record<string, unknown>[] }).rows ?? result;
    return (rows as Record<string, unknown>[])[0] ?? {};
  }

  async function send(
    browser: Browser,
    route: RouteEntry,
    input: { payload: Payload; query?: Record<string, string>; segments: string[] },
  ): Promise<LightMyRequestResponse> {
    let i = 0;
    const path = route.url.replace(/:\w+/g, () => input.segments[i++ % input.segments.length]!);
    const search = input.query
      ? `?${Object.entries(input.query)
          .map(([k, v]) => `${encode(k)}=${encode(v)}`)
          .join('&')}`
      : '';
    const withBody = route.method !== 'GET' && input.payload.body !== undefined;
    const response = await browser.request(
      route.method,
      path + search,
      withBody ? input.payload.body : undefined,
      withBody && input.payload.contentType ? { 'content-type': input.payload.contentType } : {},
    );
    return response.raw;
  }

  function assertAnswer(route: RouteEntry, response: LightMyRequestResponse): void {
    const label = `${route.method} ${route.url} → ${response.statusCode} ${response.body.slice(0, 300)}`;
    expect(response.statusCode, label).toBeLessThan(500);
    if (response.statusCode >= 400 && isJson(response)) {
      const body = response.json() as { code?: unknown; message?: unknown };
      expect(body.code, label).toBe(response.statusCode);
      expect(typeof body.message, label).toBe('string');
    }
  }

  // Routes that end the signed-in user's session or account whatever the input: they are run
  // anonymously only, so the rest of the run keeps its session.
  const endsSession = (r: RouteEntry) =>
    r.url.endsWith('/logout') || (r.method === 'DELETE' && r.url === '/master/funnel/v1/me');

  it('never answers 5xx, rejects as {code, message} and stores nothing when it rejects', async () => {
    const signedIn = user.browser;
    const anonymous = new Browser(t.app);
    let rejected = 0;
    await fc.assert(
      fc.asyncProperty(
        // Unbiased: every route as likely as any other (constantFrom favours the first ones).
        fc.noBias(fc.constantFrom(...routes)),
        fc.boolean(),
        payload,
        query,
        fc.array(segment, { minLength: 1, maxLength: 2 }),
        async (route, asUser, body, q, segments) => {
          const browser = asUser && !endsSession(route) ? signedIn : anonymous;
          const before = await counts();
          const response = await send(browser, route, { payload: body, query: q, segments });
          assertAnswer(route, response);
          if (response.statusCode >= 400) {
            rejected++;
            expect(await counts(), `${route.method} ${route.url}`).toEqual(before);
          }
        },
      ),
      { numRuns: RUNS },
    );
    // Most generated requests are refused (the rest are reads and pages that ignore junk input).
    expect(rejected).toBeGreaterThan(RUNS / 4);
    // The signed-in user is still signed in and intact.
    expect((await signedIn.api('GET', '/me')).status).toBe(200);
  }, 60_000);

  it('sends every route each hostile string once, in body, query and path', async () => {
    for (const route of routes) {
      if (endsSession(route)) continue;
      for (const text of HOSTILE) {
        const object = Object.fromEntries(FIELDS.slice(0, 12).map((f) => [f, text]));
        const before = await counts();
        const response = await send(user.browser, route, {
          payload: { body: JSON.stringify(object), contentType: 'application/json' },
          query: { id: text, to: text, targetCurrency: text },
          segments: [encode(text || 'x')],
        });
        assertAnswer(route, response);
        // A request that ignores its body may succeed (asking for a code): only a rejected one
        // must have stored nothing.
        if (response.statusCode >= 400)
          expect(await counts(), `${route.method} ${route.url}`).toEqual(before);
      }
    }
  }, 60_000);

  it('answers 413 {code, message} to a body over the limit on every route that takes one', async () => {
    const huge = JSON.stringify({ email: 'x'.repeat(BODY_LIMIT + 1) });
    const hugeForm = `email=${'x'.repeat(16 * 1024 + 1)}`;
    const anonymous = new Browser(t.app);
    let checked = 0;
    for (const route of routes) {
      if (route.method === 'GET' || route.method === 'DELETE') continue;
      // The identity-document upload has a larger limit of its own, for images.
      if (route.url.endsWith('/id-proofing/documents')) continue;
      const browser = route.public || route.admin ? anonymous : user.browser;
      const before = await counts();
      for (const [body, type] of [
        [huge, 'application/json'],
        [hugeForm, 'application/x-www-form-urlencoded'],
      ] as const) {
        const response = await browser.request(
          route.method,
          route.url.replace(/:\w+/g, 'x'),
          body,
          {
            'content-type': type,
          },
        );
        const label = `${route.method} ${route.url} ${type} → ${response.status}`;
        // Admin routes refuse a missing key before reading the body; staff routes, which take
        // rule files up to 256 kB, refuse a missing staff session.
        const guarded = route.admin || route.url.startsWith('/master/console/');
        expect(guarded ? [401, 403, 413] : [413], label).toContain(response.status);
        expect(response.body, label).toMatchObject({
          code: response.status,
          message: expect.any(String),
        });
      }
      expect(await counts()).toEqual(before);
      checked++;
    }
    expect(checked).toBeGreaterThan(25);
  }, 60_000);
});
