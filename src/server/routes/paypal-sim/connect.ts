// The simulated PayPal connect page (embedded default of the PayPal interface): the user types the
// PayPal email, and the page returns to the portal with an authorization code, as PayPal would.
import type { FastifyPluginAsync } from 'fastify';
import { safeTarget } from '../auth/pages';
import { simulatedPaypalCode } from '../../services/paypal';

const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const paypalSimulatorRoutes: FastifyPluginAsync = async (app) => {
  const query = {
    type: 'object',
    properties: {
      redirect_uri: { type: 'string', maxLength: 2048 },
      state: { type: 'string', maxLength: 512 },
    },
  } as const;
  app.get(
    '/connect',
    { config: { public: true }, schema: { hide: true, querystring: query } },
    async (request, reply) => {
      const { redirect_uri: redirectUri = '/paypal', state = '' } = request.query as {
        redirect_uri?: string;
        state?: string;
      };
      return reply.type('text/html; charset=utf-8')
        .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>PayPal (simulated)</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;background:#f5f7fa;margin:0}main{max-width:24rem;margin:10vh auto;background:#fff;padding:2rem;border-radius:12px}
label{display:block;font-weight:600;margin:1rem 0 .35rem}input{box-sizing:border-box;width:100%;padding:.6rem;border:1px solid #8a93a6;border-radius:8px;font:inherit}
button{margin-top:1.25rem;width:100%;padding:.7rem;border:0;border-radius:24px;background:#ffc439;font:inherit;font-weight:700;cursor:pointer}p{color:#555}</style></head>
<body><main><h1>PayPal</h1><p>Simulated connect page: no real PayPal account is contacted.</p>
<form method="post" action="/master/paypal-sim/connect"><input type="hidden" name="redirect_uri" value="${escapeHtml(safeTarget(redirectUri))}"><input type="hidden" name="state" value="${escapeHtml(state)}">
<label for="email">PayPal email</label><input id="email" name="email" type="email" required autocomplete="email">
<button type="submit">Agree and connect</button></form></main></body></html>`);
    },
  );
  app.post(
    '/connect',
    {
      config: { public: true },
      schema: {
        hide: true,
        body: {
          type: 'object',
          properties: {
            email: { type: 'string', maxLength: 254 },
            redirect_uri: { type: 'string' },
            state: { type: 'string' },
          },
        },
      },
    },
    async (request, reply) => {
      const {
        email = '',
        redirect_uri: redirectUri,
        state = '',
      } = request.body as { email?: string; redirect_uri?: string; state?: string };
      const target = new URL(safeTarget(redirectUri), 'http://portal.local');
      target.searchParams.set('code', simulatedPaypalCode(email.trim()));
      target.searchParams.set('state', state);
      return reply.redirect(`${target.pathname}${target.search}`, 303);
    },
  );
};
export default paypalSimulatorRoutes;
