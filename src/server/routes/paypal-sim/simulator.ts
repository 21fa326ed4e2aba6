// The development PayPal (the zero-configuration default): the endpoints of Log in with PayPal on
// this server under /master/paypal-sim, answering as PayPal documents them, so the real client
// (services/paypal.ts) runs against it: the authorize page (the person types the PayPal email and
// says whether the account is verified), the token endpoint (HTTP Basic client credentials, codes
// used once) and the user-info endpoint (schema paypalv1.1). Codes and tokens are HMAC-signed with
// a key derived from the application key, so every process of a deployment accepts them.
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { TypedRoutes } from '../typed';
import type { PaypalSettings } from '../../config';
import { createPaypalClient, PAYPAL_CALLBACK_PATH, type PaypalClient } from '../../services/paypal';
import { escapeHtml } from '../../services/html';

export const PAYPAL_SIMULATOR_PREFIX = '/master/paypal-sim';
export const PAYPAL_SIMULATOR_CLIENT_ID = 'payee-portal-simulator';
/** PayPal's codes are short-lived; so are the simulator's. */
const CODE_TTL_MS = 5 * 60 * 1000;
const TOKEN_TTL_MS = 15 * 60 * 1000;

interface Grant {
  /** What it is: an authorization code or an access token. */
  k: 'code' | 'token';
  email: string;
  verified: boolean;
  redirectUri: string;
  exp: number;
  nonce: string;
}

/** PayPal as configured (config.ts PAYPAL_*), else the simulator and its client. */
export function paypalFor(
  app: FastifyInstance,
  settings: PaypalSettings | null,
  appKey: Buffer,
): { client: PaypalClient; simulator: PaypalSimulator | null } {
  if (settings) return { client: createPaypalClient(settings), simulator: null };
  const simulator = createPaypalSimulator(app, appKey);
  return { client: simulator.client, simulator };
}

export interface PaypalSimulator {
  client: PaypalClient;
  routes: FastifyPluginAsync;
}

/**
 * The simulator's routes and the client that calls them: over HTTP at this server's own address
 * once it listens, through app.inject before (an app built for tests that never listens).
 */
export function createPaypalSimulator(app: FastifyInstance, appKey: Buffer): PaypalSimulator {
  const key = Buffer.from(hkdfSync('sha256', appKey, Buffer.alloc(0), 'paypal simulator v1', 32));
  const clientSecret = createHmac('sha256', key).update('client secret').digest('base64url');
  const sign = (grant: Grant): string => {
    const body = Buffer.from(JSON.stringify(grant)).toString('base64url');
    return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
  };
  const open = (value: string, kind: Grant['k']): Grant | null => {
    const [body = '', mac = ''] = value.split('.');
    const expected = createHmac('sha256', key).update(body).digest();
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const grant = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Grant;
    return grant.k === kind && grant.exp > Date.now() ? grant : null;
  };
  // Codes are used once (per process: enough for development and the tests).
  const usedCodes = new Map<string, number>();

  const ownOrigin = (): string => {
    const address = app.server.address();
    if (!address || typeof address === 'string') return 'http://in-process';
    const host =
      address.address === '0.0.0.0'
        ? '127.0.0.1'
        : address.address === '::'
          ? '[::1]'
          : address.family === 'IPv6'
            ? `[${address.address}]`
            : address.address;
    return `http://${host}:${address.port}`;
  };
  const send: typeof fetch = async (input, init) => {
    if (app.server.listening) return fetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    return new Response(answer.body, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'text/plain') },
    });
  };
  const client = createPaypalClient(
    {
      clientId: PAYPAL_SIMULATOR_CLIENT_ID,
      clientSecret,
      authorizeUrl: `${PAYPAL_SIMULATOR_PREFIX}/signin/authorize`,
      apiUrl: () => `${ownOrigin()}${PAYPAL_SIMULATOR_PREFIX}`,
    },
    { simulated: true, fetch: send },
  );

  const routes: TypedRoutes = async (sim) => {
    const text = { type: 'string', maxLength: 2048 } as const;
    const authorizeQuery = {
      type: 'object',
      properties: {
        client_id: text,
        response_type: text,
        scope: text,
        redirect_uri: text,
        state: text,
      },
    } as const;
    /** PayPal shows an error page, never a redirect, for an unknown client or return URL. */
    const badClient = (q: { client_id?: string; redirect_uri?: string }): boolean =>
      q.client_id !== PAYPAL_SIMULATOR_CLIENT_ID || q.redirect_uri !== PAYPAL_CALLBACK_PATH;

    sim.get(
      '/signin/authorize',
      { config: { public: true }, schema: { hide: true, querystring: authorizeQuery } },
      async (request, reply) => {
        const q = request.query;
        if (badClient(q) || q.response_type !== 'code')
          return reply.code(400).type('text/plain').send('invalid client_id or redirect_uri');
        const hidden = (['client_id', 'redirect_uri', 'state'] as const)
          .map((n) => `<input type="hidden" name="${n}" value="${escapeHtml(q[n] ?? '')}">`)
          .join('');
        return reply.type('text/html; charset=utf-8')
          .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>PayPal (simulated)</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;background:#f5f7fa;margin:0}main{max-width:24rem;margin:10vh auto;background:#fff;padding:2rem;border-radius:12px}
label{display:block;font-weight:600;margin:1rem 0 .35rem}input[type=email]{box-sizing:border-box;width:100%;padding:.6rem;border:1px solid #8a93a6;border-radius:8px;font:inherit}
label.check{font-weight:400}button{margin-top:1.25rem;width:100%;padding:.7rem;border:0;border-radius:24px;background:#ffc439;font:inherit;font-weight:700;cursor:pointer}button[name=cancel]{background:#e6e9ef}p{color:#555}</style></head>
<body><main><h1>PayPal</h1><p>Simulated Log in with PayPal: no real PayPal account is contacted.</p>
<form method="post" action="${PAYPAL_SIMULATOR_PREFIX}/signin/authorize">${hidden}
<label for="email">PayPal email</label><input id="email" name="email" type="email" required autocomplete="email">
<label class="check"><input type="checkbox" name="verified" value="true" checked> Verified account, email confirmed</label>
<button type="submit">Agree and connect</button><button type="submit" name="cancel" value="1" formnovalidate>Cancel</button></form></main></body></html>`);
      },
    );

    sim.post(
      '/signin/authorize',
      {
        config: { public: true },
        schema: {
          hide: true,
          body: {
            type: 'object',
            properties: {
              ...authorizeQuery.properties,
              email: { type: 'string', maxLength: 254 },
              verified: text,
              cancel: text,
            },
          },
        },
      },
      async (request, reply) => {
        const form = request.body;
        if (badClient(form))
          return reply.code(400).type('text/plain').send('invalid client_id or redirect_uri');
        const back = new URLSearchParams({ state: form.state ?? '' });
        if (form.cancel) back.set('error', 'access_denied');
        else
          back.set(
            'code',
            sign({
              k: 'code',
              email: (form.email ?? '').trim(),
              verified: form.verified === 'true',
              redirectUri: PAYPAL_CALLBACK_PATH,
              exp: Date.now() + CODE_TTL_MS,
              nonce: randomBytes(12).toString('base64url'),
            }),
          );
        return reply.redirect(`${PAYPAL_CALLBACK_PATH}?${back.toString()}`, 303);
      },
    );

    sim.post(
      '/v1/oauth2/token',
      {
        config: { public: true },
        schema: {
          hide: true,
          body: {
            type: 'object',
            properties: { grant_type: text, code: text, redirect_uri: text },
          },
        },
      },
      async (request, reply) => {
        const expected = Buffer.from(`${PAYPAL_SIMULATOR_CLIENT_ID}:${clientSecret}`);
        const given = Buffer.from(
          (request.headers.authorization ?? '').replace(/^Basic /, ''),
          'base64',
        );
        if (given.length !== expected.length || !timingSafeEqual(given, expected))
          return reply.code(401).send({ error: 'invalid_client' });
        const body = request.body ?? {};
        if (body.grant_type !== 'authorization_code')
          return reply.code(400).send({ error: 'unsupported_grant_type' });
        const code = body.code ?? '';
        const grant = open(code, 'code');
        const now = Date.now();
        for (const [used, exp] of usedCodes) if (exp < now) usedCodes.delete(used);
        if (!grant || usedCodes.has(code) || grant.redirectUri !== body.redirect_uri)
          return reply.code(400).send({ error: 'invalid_grant' });
        usedCodes.set(code, grant.exp);
        return reply.header('cache-control', 'no-store').send({
          access_token: sign({ ...grant, k: 'token', exp: now + TOKEN_TTL_MS }),
          token_type: 'Bearer',
          expires_in: TOKEN_TTL_MS / 1000,
          scope: 'openid email https://uri.paypal.com/services/paypalattributes',
        });
      },
    );

    sim.get(
      '/v1/identity/oauth2/userinfo',
      {
        config: { public: true },
        schema: { hide: true, querystring: { type: 'object', properties: { schema: text } } },
      },
      async (request, reply) => {
        const grant = open((request.headers.authorization ?? '').replace(/^Bearer /, ''), 'token');
        if (!grant) return reply.code(401).send({ error: 'invalid_token' });
        const payerId = `SIMPAYER${createHmac('sha256', key).update(grant.email).digest('hex').slice(0, 10).toUpperCase()}`;
        return reply.send({
          user_id: `https://www.paypal.com/webapps/auth/identity/user/${payerId}`,
          payer_id: payerId,
          emails: [{ value: grant.email, primary: true, confirmed: grant.verified }],
          verified_account: grant.verified ? 'true' : 'false',
        });
      },
    );
  };
  return { client, routes };
}
