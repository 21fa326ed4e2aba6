// Log in with PayPal end to end over real HTTP: a live server, the development simulator's
// endpoints on it, and the real OAuth client calling them with fetch (the token exchange with the
// client's Basic credentials, the user info with the bearer token), as it calls PayPal.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  activatedUser,
  DATABASE_KINDS,
  rawRequest,
  startLiveServer,
  type HttpBrowser,
  type LiveServer,
} from '../security/support/server';

type Method = { type: string; paypal?: { id: string; email: string; preferred: boolean } };

/** The authorization URL the portal gets, as the URL the browser goes to. */
async function authorizationUrl(browser: HttpBrowser): Promise<URL> {
  const response = await browser.api('POST', '/payment-methods/paypal/authorization-url');
  expect(response.status, response.text).toBe(200);
  return new URL((response.json?.data as { url: string }).url, 'http://localhost');
}

/** The person on the simulated PayPal page: it is served, and its form posted as a browser does. */
async function agreeAtPaypal(
  server: LiveServer,
  authorize: URL,
  email: string,
  verified = true,
): Promise<string> {
  const page = await rawRequest(server, 'GET', `${authorize.pathname}${authorize.search}`);
  expect(page.status).toBe(200);
  expect(page.text).toContain('name="email"');
  const form = new URLSearchParams({
    client_id: authorize.searchParams.get('client_id') ?? '',
    redirect_uri: authorize.searchParams.get('redirect_uri') ?? '',
    state: authorize.searchParams.get('state') ?? '',
    email,
    ...(verified ? { verified: 'true' } : {}),
  });
  const posted = await rawRequest(
    server,
    'POST',
    authorize.pathname,
    { 'content-type': 'application/x-www-form-urlencoded' },
    form.toString(),
  );
  expect(posted.status).toBe(303);
  return String(posted.headers.location);
}

describe.each(DATABASE_KINDS)('Log in with PayPal against the simulator on %s', (kind) => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await startLiveServer(kind);
  }, 60_000);
  afterAll(async () => server?.close());
  afterEach(() => vi.restoreAllMocks());

  it('authorization URL, PayPal page, callback: the token and user-info calls are real requests', async () => {
    const user = await activatedUser(server);
    const fetches = vi.spyOn(globalThis, 'fetch');
    const authorize = await authorizationUrl(user.browser);
    expect(authorize.pathname).toBe('/master/paypal-sim/signin/authorize');
    expect(authorize.searchParams.get('response_type')).toBe('code');
    expect(authorize.searchParams.get('scope')).toBe(
      'openid email https://uri.paypal.com/services/paypalattributes',
    );

    const callback = await agreeAtPaypal(server, authorize, 'ana.live@paypal.example');
    expect(callback).toMatch(
      /^\/master\/funnel\/v1\/payment-methods\/paypal\/callback\?state=[\w-]+&code=[\w.-]+$/,
    );
    const back = await user.browser.request('GET', callback);
    expect(back.status).toBe(303);
    expect(back.headers.location).toBe('/paypal');

    // The server called its own simulator over HTTP, as it calls api-m.paypal.com.
    const calls = fetches.mock.calls.map(([input, init]) => ({
      url: String(input),
      method: init?.method,
      authorization: new Headers(init?.headers).get('authorization') ?? '',
    }));
    const origin = `http://127.0.0.1:${server.port}/master/paypal-sim`;
    expect(calls).toEqual([
      {
        url: `${origin}/v1/oauth2/token`,
        method: 'POST',
        authorization: expect.stringMatching(/^Basic /),
      },
      {
        url: `${origin}/v1/identity/oauth2/userinfo?schema=paypalv1.1`,
        method: 'GET',
        authorization: expect.stringMatching(/^Bearer /),
      },
    ]);
    const methods = await user.browser.api('GET', '/payment-methods');
    expect(methods.json?.data as Method[]).toEqual([
      expect.objectContaining({
        type: 'Paypal',
        paypal: expect.objectContaining({ email: 'ana.live@paypal.example', preferred: true }),
      }),
    ]);
  });

  it('refuses an account whose email is not confirmed (PaypalEmailUnverified)', async () => {
    const user = await activatedUser(server);
    const authorize = await authorizationUrl(user.browser);
    const callback = await agreeAtPaypal(server, authorize, 'unverified@paypal.example', false);
    const back = await user.browser.request('GET', callback);
    expect(back.status).toBe(303);
    expect(back.headers.location).toBe('/paypal?error=PaypalEmailUnverified');
    expect((await user.browser.api('GET', '/payment-methods')).json?.data).toEqual([]);
  });

  it("the simulator's token endpoint answers as PayPal's: client credentials, codes used once", async () => {
    const token = (authorization: string, body: string) =>
      rawRequest(
        server,
        'POST',
        '/master/paypal-sim/v1/oauth2/token',
        { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body,
      );
    const noClient = await token(
      `Basic ${Buffer.from('payee-portal-simulator:wrong').toString('base64')}`,
      'grant_type=authorization_code&code=x',
    );
    expect(noClient.status).toBe(401);
    expect(noClient.json).toEqual({ error: 'invalid_client' });
    const userinfo = await rawRequest(
      server,
      'GET',
      '/master/paypal-sim/v1/identity/oauth2/userinfo?schema=paypalv1.1',
      { authorization: 'Bearer forged' },
    );
    expect(userinfo.status).toBe(401);
  });
});
