// The sign-in page at appConfig.loginPagePath (DESIGN.md section 5) and the logout page at
// logoutPagePath. GET renders the form (state = where to go afterwards); POST signs in and
// redirects there; a signed-in GET refreshes the session's access window and answers text.
// Both pages speak the portal's language (page-language.ts); the form keeps it across the POST.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '../../../core/i18n/messages';
import { findProfileByEmail } from '../../repositories/profiles';
import { DUMMY_HASH, verifyPassword } from '../../services/passwords';
import { pageLocale, pageText, type PageText } from './page-language';

const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Only same-site relative targets; anything else (https://evil, //evil) goes home. */
export const safeTarget = (state: unknown): string =>
  typeof state === 'string' && /^\/(?![/\\])/.test(state) ? state : '/';

function page(locale: Locale, title: string, body: string, theme: string): string {
  const dark = theme === 'dark';
  return `<!doctype html>
<html lang="${escapeHtml(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
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

interface PageContext {
  locale: Locale;
  t: PageText;
  portalName: string;
  theme: string;
}

function loginForm(
  { locale, t, portalName, theme }: PageContext,
  path: string,
  state: string,
  error?: string,
  email = '',
): string {
  const invalid = error ? ' aria-describedby="login-error" aria-invalid="true"' : '';
  return page(
    locale,
    t('title', { portalName }),
    `<h1>${escapeHtml(t('heading', { portalName }))}</h1>
<form method="post" action="${escapeHtml(path)}" novalidate>
<input type="hidden" name="state" value="${escapeHtml(state)}">
<input type="hidden" name="lang" value="${escapeHtml(locale)}">
<label for="email">${escapeHtml(t('email'))}</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"${invalid}>
<label for="password">${escapeHtml(t('password'))}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}>
${error ? `<p class="error" id="login-error" role="alert">${escapeHtml(error)}</p>` : ''}
<button type="submit">${escapeHtml(t('submit'))}</button>
</form>`,
    theme,
  );
}

function logoutForm({ locale, t, portalName, theme }: PageContext, path: string): string {
  return page(
    locale,
    t('signOutTitle', { portalName }),
    `<h1>${escapeHtml(t('signOutHeading', { portalName }))}</h1>
<form method="post" action="${escapeHtml(path)}">
<button type="submit">${escapeHtml(t('signOutSubmit'))}</button>
</form>`,
    theme,
  );
}

const authPageRoutes: FastifyPluginAsync = async (app) => {
  const { merchants } = app.deps;
  const loginPaths = new Set(merchants.all.map((m) => m.configuration.appConfig.loginPagePath));
  const logoutPaths = new Set(merchants.all.map((m) => m.configuration.appConfig.logoutPagePath));
  /** Branding and language for this host; `lang` is the portal's choice, when it sent one. */
  const context = (request: FastifyRequest, lang: unknown): PageContext => {
    const { branding, ...configuration } = merchants.forHost(request.host).configuration;
    const locale = pageLocale(lang, request.headers['accept-language'], configuration);
    return {
      locale,
      t: pageText(locale),
      portalName: branding.portalName,
      theme: branding.theme ?? 'light',
    };
  };
  const htmlPage = (reply: FastifyReply, status: number, html: string) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('vary', 'Accept-Language')
      .send(html);

  for (const path of loginPaths) {
    app.get(
      path,
      {
        config: { public: true },
        schema: {
          tags: ['sign-in'],
          querystring: {
            type: 'object',
            properties: { state: { type: 'string' }, lang: { type: 'string' } },
          },
        },
      },
      async (request, reply) => {
        const { state, lang } = request.query as { state?: string; lang?: string };
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
        return htmlPage(reply, 200, loginForm(context(request, lang), path, safeTarget(state)));
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
              lang: { type: 'string', maxLength: 16 },
            },
          },
        },
      },
      async (request, reply) => {
        const {
          email = '',
          password = '',
          state,
          lang,
        } = request.body as { email?: string; password?: string; state?: string; lang?: string };
        const view = context(request, lang);
        // Login CSRF: a form posted from another site must not sign this browser in.
        const origin = request.headers.origin;
        if (origin && origin !== 'null' && new URL(origin).host !== request.host) {
          return reply.status(403).type('text/plain; charset=utf-8').send(view.t('crossSite'));
        }
        const profile = email ? await findProfileByEmail(app.deps.db, email.trim()) : undefined;
        // Compare against a dummy hash when the email is unknown, so timing reveals nothing.
        const ok = await verifyPassword(password, profile?.passwordHash ?? DUMMY_HASH);
        if (!profile || !ok) {
          request.log.info({ event: 'login_failed' }, 'sign-in refused');
          return htmlPage(
            reply,
            401,
            loginForm(view, path, safeTarget(state), view.t('wrongCredentials'), email),
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
      {
        config: { public: true },
        schema: {
          tags: ['sign-in'],
          querystring: { type: 'object', properties: { lang: { type: 'string' } } },
        },
      },
      async (request, reply) => {
        // A cross-site page cannot sign the user out: it gets a confirmation form instead.
        if (request.headers['sec-fetch-site'] === 'cross-site') {
          const { lang } = request.query as { lang?: string };
          return htmlPage(reply, 200, logoutForm(context(request, lang), path));
        }
        return logout(request, reply);
      },
    );
    app.post(path, { config: { public: true }, schema: { tags: ['sign-in'] } }, logout);
  }
};
export default authPageRoutes;
