// Attacks on the session gate over real HTTP: forged client addresses, path tricks that try to
// reach a private handler without a session, malformed headers, the merchant's access code, a
// blocked account's session, cookie attributes in production and a tab kept alive by polling.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activatedUser,
  adminCall,
  createClaim,
  DATABASE_KINDS,
  HttpBrowser,
  latestOtp,
  PASSWORD,
  rawRequest,
  rawSocket,
  registeredUser,
  startLiveServer,
  uniqueEmail,
  type LiveServer,
} from './support/server';

/** 21 registration attempts (limit: 20 a minute per address), each from a "new" forwarded address. */
async function registrationsFromForgedAddresses(server: LiveServer): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 21; i++) {
    const response = await rawRequest(
      server,
      'POST',
      '/master/funnel/v1/me',
      {
        host: 'localhost',
        'content-type': 'application/json',
        'x-forwarded-for': `203.0.113.${i}`,
      },
      JSON.stringify({ data: { email: 'nobody@example.com' }, password: 'x' }),
    );
    statuses.push(response.status);
  }
  return statuses;
}

describe.each(DATABASE_KINDS)('the session gate on %s', (kind) => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await startLiveServer(kind);
  });
  afterAll(async () => server?.close());

  it('does not let X-Forwarded-For mint new addresses for the rate limits (TRUST_PROXY off)', async () => {
    // A server of its own: the limit it exhausts must not hold up the other tests.
    const fresh = await startLiveServer(kind, {}, server.database);
    try {
      const statuses = await registrationsFromForgedAddresses(fresh);
      expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
      expect(statuses[20]).toBe(429);
    } finally {
      await fresh.close();
    }
  });

  it('reaches no private handler without a session, whatever the spelling of the path', async () => {
    const paths = [
      '/master/funnel/v1/me',
      '/%6Daster/funnel/v1/me',
      '/master/funnel/v1/%6De',
      '/MASTER/funnel/v1/me',
      '/master/FUNNEL/v1/me',
      '//master/funnel/v1/me',
      '/master//funnel/v1/me',
      '/master/funnel/v1/me/',
      '/master/funnel/v1/./me',
      '/master/funnel/v1/x/../me',
      '/master/funnel/v1/me%2F',
      '/master/funnel/v1/me;x=1',
      '/master/funnel/v1/me?x=/master/health',
      '/master/funnel/v1/payment-methods/',
      '/master/funnel/v1/claims%3F',
      '/master/auth-app/v1/principal',
    ];
    for (const path of paths) {
      const response = await rawRequest(server, 'GET', path, { host: 'localhost' });
      // A path the API router does not match is a portal route: the app's HTML, no data.
      const portalPage =
        response.status === 200 &&
        String(response.headers['content-type']).startsWith('text/html') &&
        !path.startsWith('/master/');
      if (!portalPage)
        expect([401, 404], `${path} → ${response.status} ${response.text}`).toContain(
          response.status,
        );
      expect(response.text).not.toContain('"email"');
    }
  });

  it('answers malformed headers with a client error, never a 500', async () => {
    const user = await activatedUser(server);
    const session = user.browser.cookie('pp_session')!;
    const cases: Record<string, string>[] = [
      { cookie: 'pp_session=%E0%A4%A' },
      { cookie: `pp_session=${session}%ZZ` },
      { cookie: `pp_session=${'A'.repeat(4000)}` },
      { cookie: 'pp_session' },
      { cookie: '=;=;;pp_session==' },
      { cookie: `pp_session=${session}; pp_session=other` },
      { origin: 'not a url', cookie: `pp_session=${session}` },
      { origin: 'http://[::1', cookie: `pp_session=${session}` },
    ];
    for (const headers of cases) {
      const response = await rawRequest(server, 'GET', '/master/funnel/v1/claims', {
        host: 'localhost',
        ...headers,
      });
      expect(response.status, JSON.stringify(headers)).toBeLessThan(500);
    }
    for (const origin of ['not a url', 'http://[::1', 'null', '\u00ff']) {
      const response = await rawRequest(
        server,
        'POST',
        '/master/auth-app/v1/login',
        {
          host: 'localhost',
          origin,
          'content-type': 'application/x-www-form-urlencoded',
        },
        new URLSearchParams({ email: user.email, password: PASSWORD, state: '/' }).toString(),
      );
      expect(response.status, origin).toBeGreaterThanOrEqual(400);
      expect(response.status, origin).toBeLessThan(500);
    }
    const raw = await rawSocket(
      server,
      'GET /master/funnel/v1/me HTTP/1.1\r\nHost: local host\r\nCookie: pp_session=\x01\r\n\r\n',
    );
    expect(raw.status).toBeGreaterThanOrEqual(400);
    expect(raw.status).toBeLessThan(500);
  });

  it('lets a LOCKED account read only its profile and status', async () => {
    const user = await activatedUser(server);
    const locked = await adminCall(server, 'PUT', `/profiles/${user.profileId}/status`, {
      status: 'LOCKED',
    });
    expect(locked.status).toBe(200);
    expect((await user.browser.api('GET', '/me')).status).toBe(200);
    const status = await user.browser.api('GET', '/me/status');
    expect(status.json!.data).toEqual({ status: 'LOCKED' });
    for (const [method, path, body] of [
      ['GET', '/claims', undefined],
      ['GET', '/payment-methods', undefined],
      ['POST', '/payment-methods/preferred', { id: user.profileId }],
      ['PATCH', '/me', { preferredLanguage: 'fr' }],
      ['POST', `/claims/${user.claimId}/accept/otp`, {}],
    ] as const) {
      const response = await user.browser.api(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.json!.message).toMatch(/^ProfileBlocked/);
    }
    await adminCall(server, 'PUT', `/profiles/${user.profileId}/status`, { status: 'ACTIVATED' });
    expect((await user.browser.api('GET', '/claims')).status).toBe(200);
  });

  it('does not let status polling keep an abandoned session alive', async () => {
    const idle = await startLiveServer(kind, { IDLE_TIMEOUT_SECONDS: '2' }, server.database);
    try {
      const user = await registeredUser(idle);
      const deadline = Date.now() + 3_000;
      while (Date.now() < deadline) {
        await user.browser.api('GET', '/me/status');
        await new Promise((r) => setTimeout(r, 400));
      }
      expect((await user.browser.api('GET', '/me/status')).status).toBe(401);
      expect((await user.browser.api('GET', '/me')).status).toBe(401);
    } finally {
      await idle.close();
    }
  });
});

describe.each(DATABASE_KINDS)('the access code and production cookies on %s', (kind) => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await startLiveServer(kind);
  });
  afterAll(async () => server?.close());

  it('refuses every funnel call of an access-code merchant until the code is entered', async () => {
    const host = 'nightfall.localhost';
    const email = uniqueEmail('nightfall');
    const created = await createClaim(server, email, '40.00', 'USD', host);
    const browser = new HttpBrowser(server, host);
    const registration = await browser.api('POST', '/me', {
      data: { email, termsAccepted: true, additionalAgreementsAccepted: true },
      password: PASSWORD,
      claimId: created.claim.id,
    });
    expect(registration.status, registration.text).toBe(200);
    expect((await browser.signIn(email)).status).toBe(303);

    for (const [method, path, body] of [
      ['GET', '/claims', undefined],
      ['PATCH', '/me', { preferredLanguage: 'fr' }],
      ['GET', '/payment-methods', undefined],
      ['POST', '/id-proofing/start', undefined],
      ['POST', '/me/guardian/invite', {}],
    ] as const) {
      const response = await browser.api(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.json!.message).toMatch(/^AccessCodeRequired/);
    }
    // What the portal needs to route and to ask for the code still answers.
    expect((await browser.api('GET', '/me')).status).toBe(200);
    expect((await browser.api('GET', '/me/status')).status).toBe(200);
    expect((await browser.api('POST', '/me/verify-access-otp', {})).json!.data).toEqual({
      status: false,
    });
    expect((await browser.api('POST', '/me/verify/otp', {})).status).toBe(200);
    const verified = await browser.api('PUT', '/me/verify', {
      otp: await latestOtp(server, email),
    });
    expect(verified.status).toBe(200);
    expect((await browser.api('GET', '/claims')).status).toBe(200);

    // A new sign-in is a new session: the code is asked again.
    const again = new HttpBrowser(server, host);
    expect((await again.signIn(email)).status).toBe(303);
    expect((await again.api('GET', '/claims')).status).toBe(403);
  });

  it('makes cookies Secure and __Host- prefixed in production, whatever the Host header', async () => {
    const production = await startLiveServer(
      kind,
      {
        NODE_ENV: 'production',
        ALLOW_SIMULATORS: 'identity-proofing,paypal,card-vault,exchange-rates',
      },
      server.database,
    );
    try {
      const user = await registeredUser(server);
      for (const host of ['localhost', '127.0.0.1', 'portal.example.com']) {
        const response = await rawRequest(
          production,
          'POST',
          '/master/auth-app/v1/login',
          {
            host,
            origin: `http://${host}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          new URLSearchParams({ email: user.email, password: PASSWORD, state: '/' }).toString(),
        );
        expect(response.status, response.text).toBe(303);
        const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
        const session = cookies.find((c) => c.startsWith('__Host-pp_session='));
        expect(session, cookies.join('\n')).toBeDefined();
        expect(session).toMatch(/;\s*Secure/i);
        expect(session).toMatch(/;\s*HttpOnly/i);
        expect(session).toMatch(/;\s*Path=\//i);
        expect(session).not.toMatch(/Domain=/i);
        expect(cookies.find((c) => c.startsWith('pp_session='))).toBeUndefined();
        expect(cookies.every((c) => /;\s*Secure/i.test(c))).toBe(true);
      }
    } finally {
      await production.close();
    }
  });
});

describe.each(DATABASE_KINDS)('TRUST_PROXY set on %s', (kind) => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await startLiveServer(kind, { TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => server?.close());

  it('takes the forwarded address from a configured proxy', async () => {
    // Behind a trusted proxy each forwarded address is a client of its own: none is limited.
    const statuses = await registrationsFromForgedAddresses(server);
    expect(statuses.every((s) => s === 400)).toBe(true);
  });
});
