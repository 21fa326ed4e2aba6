// Attacks on Log in with PayPal's return, over real HTTP: an attacker who makes a victim's browser
// finish the attacker's own PayPal connection (OAuth login CSRF, the victim's payouts would go to
// the attacker's PayPal), a tampered or made-up state, a replayed return, a forged code, and a
// return without a session. The state is bound to the session that asked for it and used once;
// each refusal is named, and PayPal is not even asked when the state fails.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  activatedUser,
  DATABASE_KINDS,
  HttpBrowser,
  rawRequest,
  startLiveServer,
  type LiveServer,
} from './support/server';

const CALLBACK = '/master/funnel/v1/payment-methods/paypal/callback';

/** Starts a connection in this browser's session and agrees at the simulated PayPal as `email`. */
async function paypalReturn(server: LiveServer, browser: HttpBrowser, email: string): Promise<URL> {
  const started = await browser.api('POST', '/payment-methods/paypal/authorization-url');
  expect(started.status, started.text).toBe(200);
  const authorize = new URL((started.json?.data as { url: string }).url, 'http://localhost');
  const posted = await rawRequest(
    server,
    'POST',
    authorize.pathname,
    { 'content-type': 'application/x-www-form-urlencoded' },
    new URLSearchParams({
      client_id: authorize.searchParams.get('client_id') ?? '',
      redirect_uri: authorize.searchParams.get('redirect_uri') ?? '',
      state: authorize.searchParams.get('state') ?? '',
      email,
      verified: 'true',
    }).toString(),
  );
  expect(posted.status).toBe(303);
  return new URL(String(posted.headers.location), 'http://localhost');
}

const pathOf = (url: URL) => `${url.pathname}${url.search}`;

describe.each(DATABASE_KINDS)('PayPal OAuth return attacks on %s', (kind) => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await startLiveServer(kind);
  }, 60_000);
  afterAll(async () => server?.close());
  afterEach(() => vi.restoreAllMocks());

  const paypalEmails = async (browser: HttpBrowser) =>
    ((await browser.api('GET', '/payment-methods')).json?.data as { paypal?: { email: string } }[])
      .filter((m) => m.paypal)
      .map((m) => m.paypal?.email);

  it("a victim's browser sent to the attacker's return is refused: the state is the attacker's session's", async () => {
    const attacker = await activatedUser(server);
    const victim = await activatedUser(server);
    // The attacker connects as far as PayPal's redirect, and stops there.
    const trap = await paypalReturn(server, attacker.browser, 'attacker@paypal.example');
    const fetches = vi.spyOn(globalThis, 'fetch');
    const landed = await victim.browser.request('GET', pathOf(trap));
    expect(landed.status).toBe(303);
    expect(landed.headers.location).toBe('/paypal?error=PaypalStateMismatch');
    // Refused before PayPal was asked for the account.
    expect(fetches).not.toHaveBeenCalled();
    expect(await paypalEmails(victim.browser)).toEqual([]);
  });

  it('a tampered, made-up or missing state is refused (PaypalStateMismatch)', async () => {
    const user = await activatedUser(server);
    const back = await paypalReturn(server, user.browser, 'ana@paypal.example');
    const state = back.searchParams.get('state') ?? '';
    const code = back.searchParams.get('code') ?? '';
    const fetches = vi.spyOn(globalThis, 'fetch');
    const flipped = `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`;
    const queries: Record<string, string>[] = [
      { code, state: flipped },
      { code, state: 'made-up-state' },
      { code },
    ];
    for (const query of queries) {
      const response = await user.browser.request(
        'GET',
        `${CALLBACK}?${new URLSearchParams(query).toString()}`,
      );
      expect(response.headers.location, JSON.stringify(query)).toBe(
        '/paypal?error=PaypalStateMismatch',
      );
    }
    expect(fetches).not.toHaveBeenCalled();
    expect(await paypalEmails(user.browser)).toEqual([]);
    // The real state still works once.
    const ok = await user.browser.request('GET', pathOf(back));
    expect(ok.headers.location).toBe('/paypal');
  });

  it('a replayed return is refused (PaypalStateReused), even after the account was removed', async () => {
    const user = await activatedUser(server);
    const back = await paypalReturn(server, user.browser, 'ana.replay@paypal.example');
    expect((await user.browser.request('GET', pathOf(back))).headers.location).toBe('/paypal');
    expect((await user.browser.api('DELETE', '/payment-methods/paypal')).status).toBe(200);
    const fetches = vi.spyOn(globalThis, 'fetch');
    const replayed = await user.browser.request('GET', pathOf(back));
    expect(replayed.headers.location).toBe('/paypal?error=PaypalStateReused');
    expect(fetches).not.toHaveBeenCalled();
    expect(await paypalEmails(user.browser)).toEqual([]);
  });

  it("the user's own state in another session of theirs is refused", async () => {
    const user = await activatedUser(server);
    const back = await paypalReturn(server, user.browser, 'ana.other@paypal.example');
    const elsewhere = new HttpBrowser(server);
    expect((await elsewhere.signIn(user.email)).status).toBe(303);
    const response = await elsewhere.request('GET', pathOf(back));
    expect(response.headers.location).toBe('/paypal?error=PaypalStateMismatch');
  });

  it('a forged code with a good state is refused by the token endpoint (PaypalAuthorizationFailed)', async () => {
    const user = await activatedUser(server);
    const back = await paypalReturn(server, user.browser, 'ana.forged@paypal.example');
    back.searchParams.set('code', 'eyJrIjoiY29kZSJ9.forged');
    const response = await user.browser.request('GET', pathOf(back));
    expect(response.headers.location).toBe('/paypal?error=PaypalAuthorizationFailed');
    expect(await paypalEmails(user.browser)).toEqual([]);
  });

  it('a return without a session adds nothing', async () => {
    const user = await activatedUser(server);
    const back = await paypalReturn(server, user.browser, 'ana.nosession@paypal.example');
    const anonymous = await rawRequest(server, 'GET', pathOf(back));
    expect(anonymous.status).toBe(401);
    // The state was not spent by the anonymous attempt: its owner can still finish.
    expect((await user.browser.request('GET', pathOf(back))).headers.location).toBe('/paypal');
  });
});
