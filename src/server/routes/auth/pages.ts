// The sign-in page at appConfig.loginPagePath (DESIGN.md section 5) and the logout page at
// logoutPagePath. GET renders the form (state = where to go afterwards); POST signs in and
// redirects there; a signed-in GET refreshes the session's access window and answers text.
// Both pages speak the portal's language (page-language.ts); the form keeps it across the POST.
// The sign-in POST is throttled per account (domain/sign-in.ts) as well as per address; a hard-
// locked account is unlocked at <loginPath>/unlock with the code its email received. The flows
// are domain/sign-in.ts and domain/password-reset.ts, the pages templates/: this file parses the
// forms, calls the domain, renders, sets cookies and redirects.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describeError, isLocale } from '../../../core/i18n/messages';
import { loadLocale } from '../../../core/i18n/load-locales';
import { passwordResets, RESET_TTL_MINUTES } from '../../domain/password-reset';
import {
  formPostVerdict,
  portalOriginsFor,
  recipientSignIn,
  safeTarget,
  SIGN_IN_POSTS_PER_ADDRESS_PER_MINUTE,
  unlockHref,
  type LockedGate,
} from '../../domain/sign-in';
import { ApiError, isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../../errors';
import { portalOrigin } from '../../services/merchants';
import { pageLocale, pageText } from './page-language';
import type { PageContext } from './page-shell';
import { forgotForm } from './templates/forgot';
import { lockedNotice, loginForm } from './templates/login';
import { logoutForm } from './templates/logout';
import type { Notice } from './templates/notice';
import { resetExpiredPage, resetForm } from './templates/reset';
import { unlockForm } from './templates/unlock';
import { routeDefaults } from '../defaults';
import type { TypedRoutes } from '../typed';

/** What the document says of the server's HTML pages (forgot, reset, unlock, sign out). */
const PAGE_RESPONSES = {
  200: {
    description: 'The page (text/html): the form, a notice, or the form again with its errors.',
    content: { 'text/html': { schema: { type: 'string' } } },
  },
  303: { description: 'Done: on to the next page (Location).', type: 'null' },
  // 429 (too many tries) is the form again with the wait, as text/html, and Retry-After; the
  // address rate limit answers it as JSON (4XX).
} as const;

const authPageRoutes: TypedRoutes = async (app) => {
  const { merchants, config, mailer, forms } = app.deps;
  routeDefaults(app, { tags: ['sign-in'] });
  const signIns = recipientSignIn(app.deps);
  const resets = passwordResets(app.deps);
  const loginPaths = new Set(merchants.all.map((m) => m.configuration.appConfig.loginPagePath));
  const logoutPaths = new Set(merchants.all.map((m) => m.configuration.appConfig.logoutPagePath));
  /** Branding and language for this host; `lang` is the portal's choice, when it sent one. */
  const context = (request: FastifyRequest, lang: unknown): PageContext => {
    const { branding, ...configuration } = merchants.forHost(request.host).configuration;
    const locale = pageLocale(lang, request.headers['accept-language'], configuration);
    // The same page in another language keeps what the page was opened with (state, token).
    const source: unknown = request.method === 'GET' ? request.query : request.body;
    const sent = typeof source === 'object' && source !== null ? source : {};
    const kept: Record<string, string> = {};
    if ('state' in sent && typeof sent.state === 'string') kept.state = sent.state;
    if ('token' in sent && typeof sent.token === 'string') kept.token = sent.token;
    const path = request.url.split('?')[0] ?? '';
    return {
      locale,
      t: pageText(locale),
      portalName: branding.portalName,
      theme: branding.theme ?? 'light',
      branding,
      languages: branding.hideLanguageMenu ? [] : configuration.supportedLocales.filter(isLocale),
      languageHref: (l) => `${path}?${new URLSearchParams({ ...kept, lang: l })}`,
    };
  };
  const htmlPage = (reply: FastifyReply, status: number, html: string) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('vary', 'Accept-Language')
      .send(html);
  /** This request's portal origin: where its pages live and what redirect targets must stay on. */
  const requestOrigin = (request: FastifyRequest): string => {
    try {
      return new URL(`${request.protocol}://${request.host}`).origin;
    } catch {
      return config.publicUrl;
    }
  };
  const target = (request: FastifyRequest, state: unknown) =>
    safeTarget(state, requestOrigin(request));
  /** Login CSRF (domain/sign-in.ts): 403 with the page's text unless posted from our own pages. */
  const refuseCrossSite = (request: FastifyRequest, reply: FastifyReply, view: PageContext) => {
    const origins = portalOriginsFor(request.protocol, request.host, [
      config.publicUrl,
      portalOrigin(config.publicUrl, merchants.forHost(request.host)),
    ]);
    if (formPostVerdict(request.headers, origins) === 'sameOrigin') return undefined;
    request.log.info({ event: 'login_cross_site' }, 'cross-site sign-in form refused');
    return reply.status(403).type('text/plain; charset=utf-8').send(view.t('crossSite'));
  };
  /** The refusal page for a locked account: how long to wait, or where to enter the code. */
  const lockedPage = (
    reply: FastifyReply,
    view: PageContext,
    path: string,
    state: string,
    email: string,
    gate: LockedGate,
  ) => {
    const { status, notice } = lockedNotice(view, gate, unlockHref(path, state, view.locale));
    if (gate.state === 'locked') reply.header('retry-after', String(gate.retryAfterSeconds));
    return htmlPage(reply, status, loginForm(view, path, state, notice, email));
  };

  for (const path of loginPaths) {
    app.get(
      path,
      {
        config: { public: true },
        schema: {
          summary: "The sign-in page; with a session, refreshes it (the portal's keepalive)",
          querystring: {
            type: 'object',
            properties: { state: { type: 'string' }, lang: { type: 'string' } },
          },
          response: {
            200: {
              description:
                'The sign-in form (text/html), or `OK` (text/plain) when the session was refreshed.',
              content: {
                'text/html': { schema: { type: 'string' } },
                'text/plain': { schema: { type: 'string' } },
              },
            },
            303: { description: 'Signed in already: on to `state`.', type: 'null' },
            401: {
              description: 'No session and no page asked for: `Unauthorized` (text/plain).',
              content: { 'text/plain': { schema: { type: 'string' } } },
            },
          },
        },
      },
      async (request, reply) => {
        const { state, lang } = request.query;
        const session = request.session;
        if (session) {
          // The portal's refresh and keepalive: a new access window.
          await app.sessions.refresh(session.idHash);
          if (state !== undefined) return reply.redirect(target(request, state), 303);
          return reply.type('text/plain; charset=utf-8').send('OK');
        }
        const wantsPage =
          state !== undefined || (request.headers.accept ?? '').includes('text/html');
        if (!wantsPage)
          return reply.status(401).type('text/plain; charset=utf-8').send('Unauthorized');
        return htmlPage(
          reply,
          200,
          loginForm(context(request, lang), path, target(request, state)),
        );
      },
    );

    app.post(
      path,
      {
        config: {
          public: true,
          rateLimit: app.limit(SIGN_IN_POSTS_PER_ADDRESS_PER_MINUTE),
        },
        schema: {
          summary: 'Sign in (the login form posts here)',
          consumes: ['application/x-www-form-urlencoded'],
          body: {
            type: 'object',
            properties: {
              email: { type: 'string', maxLength: 254 },
              password: { type: 'string', maxLength: 256 },
              state: { type: 'string', maxLength: 2048 },
              lang: { type: 'string', maxLength: 16 },
            },
          },
          response: {
            303: {
              description:
                'Signed in: sets the session cookie and the XSRF-TOKEN cookie, and redirects to `state`.',
              type: 'null',
            },
            401: {
              description: 'Wrong email or password: the form again with the error (text/html).',
              content: { 'text/html': { schema: { type: 'string' } } },
            },
            423: {
              description:
                'Locked after too many failures: the form with the unlock link (text/html).',
              content: { 'text/html': { schema: { type: 'string' } } },
            },
            503: {
              description:
                'Busy (a burst of sign-ins) or the database unreachable: the form again, filled in, with "try again in a moment", and Retry-After.',
              content: { 'text/html': { schema: { type: 'string' } } },
            },
          },
        },
      },
      async (request, reply) => {
        const { email = '', password = '', state, lang } = request.body;
        const view = context(request, lang);
        const next = target(request, state);
        // Login CSRF: a form posted from another site must not sign this browser in.
        const refused = refuseCrossSite(request, reply, view);
        if (refused) return refused;
        try {
          return await signIn();
        } catch (error) {
          // Busy (a burst of sign-ins) or the database down: the form again, kept filled in, with
          // "try again in a moment", never a JSON error page.
          const retryable =
            (error instanceof ApiError && error.statusCode === 503) || isDatabaseUnavailable(error);
          if (!retryable) throw error;
          // Not the error itself: a failed query's message repeats its parameters (the email).
          request.log.warn(
            { event: 'login_unavailable', reason: error instanceof ApiError ? 'busy' : 'database' },
            'sign-in could not be served',
          );
          reply.header('retry-after', String(RETRY_AFTER_SECONDS));
          const text = view.t('busy');
          return htmlPage(reply, 503, loginForm(view, path, next, { kind: 'error', text }, email));
        }

        async function signIn() {
          const outcome = await signIns.signIn(email, password);
          if (outcome.state === 'signedIn') {
            if (request.session) await app.sessions.revoke(request.session.idHash);
            await app.startSession(reply, outcome.profileId, request);
            request.log.info({ event: 'login', profileId: outcome.profileId }, 'signed in');
            return reply.redirect(next, 303);
          }
          const { gate, detail } = outcome;
          const { profileId, failures } = detail;
          if (detail.lockedOut)
            request.log.info({ event: 'login_locked', profileId }, 'sign-in locked');
          else request.log.info({ event: 'login_failed', profileId, failures }, 'sign-in refused');
          if (detail.newlyHardLocked)
            request.log.warn({ event: 'login_hard_locked', profileId }, 'hard lock');
          if (detail.unlockCodeError)
            request.log.error({ err: detail.unlockCodeError }, 'unlock code not sent');
          if (gate.state !== 'open') return lockedPage(reply, view, path, next, email, gate);
          const text = view.t('wrongCredentials');
          return htmlPage(reply, 401, loginForm(view, path, next, { kind: 'error', text }, email));
        }
      },
    );

    const forgotPath = `${path}/forgot`;
    const resetPath = `${path}/reset`;
    const pageQuery = {
      type: 'object',
      properties: { state: { type: 'string' }, lang: { type: 'string' } },
    } as const;
    app.get(
      forgotPath,
      {
        config: { public: true },
        schema: { querystring: pageQuery, response: PAGE_RESPONSES },
      },
      async (request, reply) => {
        const { state, lang } = request.query;
        const view = context(request, lang);
        return htmlPage(reply, 200, forgotForm(view, forgotPath, target(request, state), ''));
      },
    );

    app.post(
      forgotPath,
      {
        config: { public: true, rateLimit: app.limit(5) },
        schema: {
          response: PAGE_RESPONSES,
          body: {
            type: 'object',
            properties: {
              email: { type: 'string', maxLength: 254 },
              state: { type: 'string', maxLength: 2048 },
              lang: { type: 'string', maxLength: 16 },
            },
          },
        },
      },
      async (request, reply) => {
        const { email = '', state, lang } = request.body;
        const view = context(request, lang);
        const refused = refuseCrossSite(request, reply, view);
        if (refused) return refused;
        const asked = await resets.requestReset(email, path, view.locale);
        if (asked) {
          // After the answer: the time it takes must not tell an account from no account.
          asked
            .deliver()
            .then((sent) =>
              request.log.info(
                { event: 'password_reset_requested', profileId: asked.profileId, sent },
                'reset',
              ),
            )
            .catch((error: unknown) => request.log.error({ err: error }, 'reset link not sent'));
        }
        // The same page whether or not the email has an account (and whether a link went out).
        return htmlPage(
          reply,
          200,
          forgotForm(view, forgotPath, target(request, state), email, {
            kind: 'note',
            text: view.t('forgotSent', { minutes: RESET_TTL_MINUTES }),
          }),
        );
      },
    );

    app.get(
      resetPath,
      {
        config: { public: true },
        schema: {
          response: PAGE_RESPONSES,
          querystring: {
            type: 'object',
            properties: { token: { type: 'string', maxLength: 128 }, lang: { type: 'string' } },
          },
        },
      },
      async (request, reply) => {
        const { token = '', lang } = request.query;
        const view = context(request, lang);
        // The link's token must not leak to another site through a Referer; same-origin (not
        // no-referrer, under which the browser posts the form with Origin: null, a cross-site post).
        reply.header('referrer-policy', 'same-origin');
        if (!(await resets.isLive(token)))
          return htmlPage(reply, 410, resetExpiredPage(view, forgotPath));
        return htmlPage(reply, 200, resetForm(view, resetPath, token));
      },
    );

    app.post(
      resetPath,
      {
        config: { public: true, rateLimit: app.limit(10) },
        schema: {
          response: PAGE_RESPONSES,
          body: {
            type: 'object',
            properties: {
              token: { type: 'string', maxLength: 128 },
              password: { type: 'string', maxLength: 256 },
              passwordConfirmation: { type: 'string', maxLength: 256 },
              lang: { type: 'string', maxLength: 16 },
            },
          },
        },
      },
      async (request, reply) => {
        const { token = '', password = '', passwordConfirmation = '', lang } = request.body;
        const view = context(request, lang);
        reply.header('referrer-policy', 'same-origin');
        const refused = refuseCrossSite(request, reply, view);
        if (refused) return refused;
        const outcome = await resets.reset(token, password, passwordConfirmation, path);
        if (outcome.state === 'expired')
          return htmlPage(reply, 410, resetExpiredPage(view, forgotPath));
        if (outcome.state === 'invalid') {
          const bundle = loadLocale(view.locale);
          const schema = forms.validator.compose('register').schema;
          const messageOf = (field: string) => {
            const error = outcome.errors.find((e) => e.path === `/${field}`);
            return error ? describeError(error, schema, bundle) : undefined;
          };
          return htmlPage(
            reply,
            400,
            resetForm(view, resetPath, token, {
              password: messageOf('password'),
              passwordConfirmation: messageOf('passwordConfirmation'),
            }),
          );
        }
        // The notice was queued with the change; sent after the answer, like the reset link.
        void mailer
          .flush()
          .catch((error: unknown) => request.log.error({ err: error }, 'notice not sent'));
        // This browser's session ended with the others: it signs in again with the new password.
        if (request.session) await app.endSession(request, reply);
        request.log.info(
          { event: 'password_reset', profileId: outcome.profileId },
          'password reset',
        );
        return htmlPage(
          reply,
          200,
          loginForm(view, path, target(request, '/'), { kind: 'note', text: view.t('resetDone') }),
        );
      },
    );

    const unlockPath = `${path}/unlock`;
    app.get(
      unlockPath,
      {
        config: { public: true },
        schema: {
          response: PAGE_RESPONSES,
          querystring: {
            type: 'object',
            properties: { state: { type: 'string' }, lang: { type: 'string' } },
          },
        },
      },
      async (request, reply) => {
        const { state, lang } = request.query;
        const view = context(request, lang);
        return htmlPage(reply, 200, unlockForm(view, unlockPath, target(request, state), ''));
      },
    );

    app.post(
      unlockPath,
      {
        config: { public: true, rateLimit: app.limit(10) },
        schema: {
          response: PAGE_RESPONSES,
          body: {
            type: 'object',
            properties: {
              email: { type: 'string', maxLength: 254 },
              code: { type: 'string', maxLength: 16 },
              resend: { type: 'string', maxLength: 4 },
              state: { type: 'string', maxLength: 2048 },
              lang: { type: 'string', maxLength: 16 },
            },
          },
        },
      },
      async (request, reply) => {
        const { email = '', code = '', resend, state, lang } = request.body;
        const view = context(request, lang);
        const next = target(request, state);
        const refused = refuseCrossSite(request, reply, view);
        if (refused) return refused;
        const again = (status: number, notice: Notice) =>
          htmlPage(reply, status, unlockForm(view, unlockPath, next, email, notice));
        if (resend) {
          if ((await signIns.resendUnlockCode(email)) === 'tooManyCodes')
            return again(429, { kind: 'error', text: view.t('unlockTooManyCodes') });
          return again(200, { kind: 'note', text: view.t('unlockSent') });
        }
        const outcome = await signIns.unlock(email, code);
        if (outcome.state === 'codeLocked')
          return again(429, { kind: 'error', text: view.t('unlockCodeLocked') });
        if (outcome.state === 'wrongCode')
          return again(400, { kind: 'error', text: view.t('unlockWrongCode') });
        const profileId = outcome.profileId;
        request.log.info({ event: 'login_unlocked', profileId }, 'sign-in unlocked');
        return htmlPage(
          reply,
          200,
          loginForm(view, path, next, { kind: 'note', text: view.t('unlocked') }, email),
        );
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
          response: PAGE_RESPONSES,
          querystring: { type: 'object', properties: { lang: { type: 'string' } } },
        },
      },
      async (request, reply) => {
        // A cross-site page cannot sign the user out: it gets a confirmation form instead.
        if (request.headers['sec-fetch-site'] === 'cross-site') {
          const { lang } = request.query;
          return htmlPage(reply, 200, logoutForm(context(request, lang), path));
        }
        return logout(request, reply);
      },
    );
    app.post(path, { config: { public: true }, schema: { response: PAGE_RESPONSES } }, logout);
  }
};
export default authPageRoutes;
