// The sign-in page at appConfig.loginPagePath (DESIGN.md section 5) and the logout page at
// logoutPagePath. GET renders the form (state = where to go afterwards); POST signs in and
// redirects there; a signed-in GET refreshes the session's access window and answers text.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { findProfileByEmail } from '../../repositories/profiles';
import { DUMMY_HASH, verifyPassword } from '../../services/passwords';

const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Only same-site relative targets; anything else (https://evil, //evil) goes home. */
export const safeTarget = (state: unknown): string =>
  typeof state === 'string' && /^\/(?![/\\])/.test(state) ? state : '/';

function page(title: string, body: string, theme: string): string {
  const dark = theme === 'dark';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:${dark ? '#12141a' : '#f4f6fb'};color:${dark ? '#e8eaf0' : '#1b2230'}}
main{max-width:26rem;margin:10vh auto;padding:2rem;border-radius:12px;background:${dark ? '#1d2029' : '#fff'};box-shadow:0 2px 16px rgba(0,0,0,.08)}
h1{font-size:1.5rem;margin:0 0 1.5rem}label{display:block;font-weight:600;margin:1rem 0 .35rem}
input{box-sizing:border-box;width:100%;padding:.65rem .75rem;border:1px solid #8a93a6;border-radius:8px;font:inherit;background:inherit;color:inherit}
button{margin-top:1.5rem;width:100%;padding:.75rem;border:0;border-radius:8px;background:${dark ? '#7aa2ff' : '#2450d6'};color:${dark ? '#0b1020' : '#fff'};font:inherit;font-weight:600;cursor:pointer}
.error{margin:1rem 0 0;padding:.75rem;border-radius:8px;background:${dark ? '#3a1d22' : '#fde8ea'};color:${dark ? '#ffb3bd' : '#8a1020'}}
</style></head><body><main>${body}</main></body></html>`;
}

function loginForm(
  portalName: string,
  path: string,
  state: string,
  theme: string,
  error?: string,
  email = '',
): string {
  return page(
    `Sign in · ${portalName}`,
    `<h1>Sign in to ${escapeHtml(portalName)}</h1>
<form method="post" action="${escapeHtml(path)}" novalidate>
<input type="hidden" name="state" value="${escapeHtml(state)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"${error ? ' aria-describedby="login-error" aria-invalid="true"' : ''}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${error ? ' aria-describedby="login-error" aria-invalid="true"' : ''}>
${error ? `<p class="error" id="login-error" role="alert">${escapeHtml(error)}</p>` : ''}
<button type="submit">Sign in</button>
</form>`,
    theme,
  );
}

const authPageRoutes: FastifyPluginAsync = async (app) => {
  const { merchants } = app.deps;
  const loginPaths = new Set(merchants.all.map((m) => m.configuration.appConfig.loginPagePath));
  const logoutPaths = new Set(merchants.all.map((m) => m.configuration.appConfig.logoutPagePath));
  const branding = (request: FastifyRequest) =>
    merchants.forHost(request.host).configuration.branding;

  for (const path of loginPaths) {
    app.get(
      path,
      {
        config: { public: true },
        schema: {
          tags: ['sign-in'],
          querystring: { type: 'object', properties: { state: { type: 'string' } } },
        },
      },
      async (request, reply) => {
        const { state } = request.query as { state?: string };
        const session = request.session;
        if (session) {
          // The portal's refresh and keepalive: a new access window.
          await app.sessions.refresh(session.idHash);
          if (state !== undefined) return reply.redirect(safeTarget(state), 303);
          return reply.type('text/plain; charset=utf-8').send('OK');
        }
        const wantsPage =
          state !== undefined || (request.headers.accept ?? '').includes('text/html');
        if (!wantsPage)
          return reply.status(401).type('text/plain; charset=utf-8').send('Unauthorized');
        const b = branding(request);
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(loginForm(b.portalName, path, safeTarget(state), b.theme ?? 'light'));
      },
    );

    app.post(
      path,
      {
        config: { public: true, rateLimit: app.limit(30) },
        schema: {
          tags: ['sign-in'],
          body: {
            type: 'object',
            properties: {
              email: { type: 'string', maxLength: 254 },
              password: { type: 'string', maxLength: 256 },
              state: { type: 'string', maxLength: 2048 },
            },
          },
        },
      },
      async (request, reply) => {
        const {
          email = '',
          password = '',
          state,
        } = request.body as { email?: string; password?: string; state?: string };
        const b = branding(request);
        // Login CSRF: a form posted from another site must not sign this browser in.
        const origin = request.headers.origin;
        if (origin && origin !== 'null' && new URL(origin).host !== request.host) {
          return reply
            .status(403)
            .type('text/plain; charset=utf-8')
            .send('Forbidden: sign in from this site');
        }
        const profile = email ? await findProfileByEmail(app.deps.db, email.trim()) : undefined;
        // Compare against a dummy hash when the email is unknown, so timing reveals nothing.
        const ok = await verifyPassword(password, profile?.passwordHash ?? DUMMY_HASH);
        if (!profile || !ok) {
          request.log.info({ event: 'login_failed' }, 'sign-in refused');
          return reply
            .status(401)
            .type('text/html; charset=utf-8')
            .send(
              loginForm(
                b.portalName,
                path,
                safeTarget(state),
                b.theme ?? 'light',
                'The email or the password is not right.',
                email,
              ),
            );
        }
        if (request.session) await app.sessions.revoke(request.session.idHash);
        await app.startSession(reply, profile.id, request);
        request.log.info({ event: 'login', profileId: profile.id }, 'signed in');
        return reply.redirect(safeTarget(state), 303);
      },
    );
  }

  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    await app.endSession(request, reply);
    return reply.redirect('/auth/logout-successful', 303);
  };
  for (const path of logoutPaths) {
    app.get(
      path,
      { config: { public: true }, schema: { tags: ['sign-in'] } },
      async (request, reply) => {
        // A cross-site page cannot sign the user out: it gets a confirmation form instead.
        if (request.headers['sec-fetch-site'] === 'cross-site') {
          const b = branding(request);
          return reply
            .type('text/html; charset=utf-8')
            .send(
              page(
                'Sign out',
                `<h1>Sign out of ${escapeHtml(b.portalName)}?</h1><form method="post" action="${escapeHtml(path)}"><button type="submit">Sign out</button></form>`,
                b.theme ?? 'light',
              ),
            );
        }
        return logout(request, reply);
      },
    );
    app.post(path, { config: { public: true }, schema: { tags: ['sign-in'] } }, logout);
  }
};
export default authPageRoutes;
