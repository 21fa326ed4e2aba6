// Isolation generated from the route table: user B tries every signed-in route that takes an id
// with user A's ids (payout methods of every kind, claims, phones, a minor A is guardian of).
// Every attempt is refused (403 or 404: never 2xx, never 5xx) and A's data is unchanged. The
// table of attempts must cover exactly the app's parameterised routes, so a new `:param` route
// fails this test until someone says how B attacks it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog } from '../support/validator';
import { DATABASE_KINDS } from '../api/support/databases';
import { connectPaypal } from '../api/support/paypal';
import {
  activatedUser,
  Browser,
  latestOtp,
  PERSON,
  registeredUser,
  startTestApp,
  uniqueEmail,
  US_ADDRESS,
  type TestApp,
} from '../api/support/harness';
import { DEBIT_CARD as CARD } from '../fixtures/payout-methods';

const FUNNEL = '/master/funnel/v1';
const ZELLE = {
  tokenType: 'ZELLE_EMAIL',
  email: 'owner.zelle@example.com',
  phone: '+14155550123',
  firstName: 'Ana',
  lastName: 'Lima',
};
const usBank = (): Record<string, unknown> => {
  const example = catalog.rules.US?.examples.find((e) => e.form === 'bank-account' && e.valid);
  if (!example) throw new Error('no valid US bank-account example in the catalog');
  return example.data as Record<string, unknown>;
};

type User = Awaited<ReturnType<typeof activatedUser>>;
interface Owner {
  user: User;
  bankId: string;
  cardId: string;
  paypalId: string;
  zelleId: string;
  checkId: string;
  phoneId: string;
  minorId: string;
}
interface Attacker {
  user: User;
  bankId: string;
}

/** How B fills a route's body (or query) when calling it with one of A's ids in the path. */
type BodyFor = (attacker: Attacker) => unknown;
const ATTEMPTS: Record<string, BodyFor> = {
  [`DELETE ${FUNNEL}/me/phones/:id`]: () => undefined,
  [`POST ${FUNNEL}/me/guardian/confirm-consent/:minorId`]: () => ({ consent: true }),
  [`GET ${FUNNEL}/claims/:id/quote`]: (b) => ({
    query: `?targetCurrency=USD&paymentMethodId=${b.bankId}`,
  }),
  [`POST ${FUNNEL}/claims/:id/accept/otp`]: (b) => ({ paymentMethodId: b.bankId }),
  [`PUT ${FUNNEL}/claims/:id/accept`]: (b) => ({ otp: '123456', paymentMethodId: b.bankId }),
  [`PUT ${FUNNEL}/claims/:id/cancel`]: () => ({}),
  [`PUT ${FUNNEL}/payment-methods/bank-accounts/:id`]: () => ({ ...usBank(), nickname: 'mine' }),
  [`DELETE ${FUNNEL}/payment-methods/bank-accounts/:id`]: () => undefined,
  [`DELETE ${FUNNEL}/payment-methods/debit-card/:id`]: () => undefined,
};

describe.each(DATABASE_KINDS)('isolation between users on %s', (kind) => {
  let t: TestApp;
  let a: Owner;
  let b: Attacker;

  async function create(user: User, path: string, body: unknown): Promise<string> {
    const response = await user.browser.api<Record<string, { id: string }>>('POST', path, body);
    expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(200);
    const nested = Object.values(response.body.data).find(
      (v): v is { id: string } => typeof v === 'object' && v !== null && 'id' in v,
    );
    if (!nested) throw new Error(`${path}: no id in ${JSON.stringify(response.body.data)}`);
    return nested.id;
  }

  /** A minor who invited A (an existing account) as guardian: A's pending decision. */
  async function minorOf(guardianEmail: string): Promise<string> {
    const minor = await registeredUser(t.app, uniqueEmail('minor'));
    await minor.browser.api('POST', '/me/verify/otp', {});
    await minor.browser.api('PUT', '/me/verify', { otp: await latestOtp(t.app, minor.email) });
    await minor.browser.api('PATCH', '/me', {
      profileType: 'PERSON',
      person: { ...PERSON, firstName: 'Leo', dob: '2012-03-04' },
      addresses: [US_ADDRESS],
    });
    const invited = await minor.browser.api('POST', '/me/guardian/invite', {
      firstName: 'Ana',
      lastName: 'Lima',
      guardianEmail,
      relationship: 'PARENT',
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    return minor.profileId;
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    const owner = await activatedUser(t.app, uniqueEmail('owner'));
    const bankId = await create(owner, '/payment-methods/bank-accounts', usBank());
    const cardId = await create(owner, '/payment-methods/debit-card', CARD);
    // Connected through Log in with PayPal, against the development simulator.
    expect((await connectPaypal(owner.browser, 'owner.pp@example.com')).location).toBe('/paypal');
    const methods = await owner.browser.api<{ type: string; paypal?: { id: string } }[]>(
      'GET',
      '/payment-methods',
    );
    const paypalId = methods.body.data.find((m) => m.type === 'Paypal')?.paypal?.id ?? '';
    expect(paypalId).not.toBe('');
    const zelleId = await create(owner, '/payment-methods/zelle', ZELLE);
    const checkId = await create(owner, '/payment-methods/physical-checks', { preferred: true });
    await owner.browser.api('PATCH', '/me', {
      phones: [{ number: '+14155550199', phoneType: 'WORK' }],
    });
    const me = await owner.browser.api<{ phones: { id: string }[] }>('GET', '/me');
    const phoneId = me.body.data.phones[0]?.id ?? '';
    expect(phoneId).not.toBe('');
    const minorId = await minorOf(owner.email);
    a = { user: owner, bankId, cardId, paypalId, zelleId, checkId, phoneId, minorId };

    const attacker = await activatedUser(t.app, uniqueEmail('attacker'));
    b = {
      user: attacker,
      bankId: await create(attacker, '/payment-methods/bank-accounts', usBank()),
    };
  }, 60_000);
  afterAll(async () => t?.close());

  /** Everything A can read about itself; a refused attack leaves it exactly as it was. */
  async function ownerView(): Promise<unknown[]> {
    const views = [];
    for (const path of ['/me', '/payment-methods', '/claims', '/me/status']) {
      const response = await a.user.browser.api('GET', path);
      expect(response.status).toBe(200);
      views.push(response.body.data);
    }
    return views;
  }

  it('lists an attempt for exactly the parameterised signed-in routes of the app', () => {
    const parameterised = t.app.routeInventory
      // Staff routes have accounts and sessions of their own (tests/api/rules-console*.test.ts).
      .filter(
        (r) =>
          !r.public && !r.admin && r.url.includes(':') && !r.url.startsWith('/master/console/'),
      )
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(parameterised).toEqual(Object.keys(ATTEMPTS).sort());
  });

  it("refuses every parameterised route to B with any of A's ids, and A is unchanged", async () => {
    const before = await ownerView();
    const aIds = [
      a.bankId,
      a.cardId,
      a.paypalId,
      a.zelleId,
      a.checkId,
      a.phoneId,
      a.user.claimId,
      a.minorId,
      a.user.profileId,
    ];
    let attempts = 0;
    for (const route of t.app.routeInventory) {
      const key = `${route.method} ${route.url}`;
      const bodyFor = ATTEMPTS[key];
      if (bodyFor === undefined) continue;
      for (const id of aIds) {
        const filled = bodyFor(b);
        const query = (filled as { query?: string } | undefined)?.query;
        const url = route.url.replace(/:\w+/g, id) + (query ?? '');
        const body = query === undefined ? filled : undefined;
        const response = await b.user.browser.request(route.method, url, body);
        attempts++;
        expect([403, 404], `${key} with ${id}: ${JSON.stringify(response.body)}`).toContain(
          response.status,
        );
        expect(response.body).toMatchObject({ code: response.status, message: expect.any(String) });
      }
    }
    expect(attempts).toBe(Object.keys(ATTEMPTS).length * aIds.length);
    expect(await ownerView()).toEqual(before);
  });

  it("refuses A's ids carried in a body (prefer, card edit, attach claim, accept with A's method)", async () => {
    const before = await ownerView();
    const bClaim = b.user.claimId;
    const attempts: [string, string, unknown][] = [
      ...[a.bankId, a.cardId, a.paypalId, a.checkId].map(
        (id) => ['POST', '/payment-methods/preferred', { id }] as [string, string, unknown],
      ),
      ['PUT', '/payment-methods/debit-card', { id: a.cardId }],
      ['POST', '/claims', { claimId: a.user.claimId }],
      ['POST', `/claims/${bClaim}/accept/otp`, { paymentMethodId: a.bankId }],
      ['POST', `/claims/${bClaim}/accept/otp`, { paymentMethodId: a.checkId }],
      ['PUT', `/claims/${bClaim}/accept`, { otp: '123456', paymentMethodId: a.bankId }],
    ];
    // A's id answers exactly as an id that exists nowhere: refused, and no oracle either.
    const nowhere = '00000000-0000-4000-8000-000000000000';
    for (const [method, path, body] of attempts) {
      const response = await b.user.browser.api(method, path, body);
      const label = `${method} ${path} ${JSON.stringify(body)}: ${JSON.stringify(response.body)}`;
      expect([400, 403, 404], label).toContain(response.status);
      expect(response.body).toMatchObject({ code: response.status, message: expect.any(String) });
      const unknown = JSON.parse(
        JSON.stringify(body).replaceAll(/[0-9a-f]{8}-[0-9a-f-]{27}/g, nowhere),
      ) as unknown;
      const control = await b.user.browser.api(method, path, unknown);
      expect(control.status, label).toBe(response.status);
      expect(control.body.message, label).toBe(response.body.message);
    }
    expect(await ownerView()).toEqual(before);
  });

  it("A's own ids still work for A (the attempts were refused for the right reason)", async () => {
    const own = new Browser(t.app);
    await own.signIn(a.user.email);
    const quote = await own.api(
      'GET',
      `/claims/${a.user.claimId}/quote?targetCurrency=USD&paymentMethodId=${a.bankId}`,
    );
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
  });
});
