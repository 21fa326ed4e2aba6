// The sign-in page at appConfig.loginPagePath (DESIGN.md section 5) and the logout page at
// logoutPagePath. GET renders the form (state = where to go afterwards); POST signs in and
// redirects there; a signed-in GET refreshes the session's access window and answers text.
// Both pages speak the portal's language (page-language.ts); the form keeps it across the POST.
// The sign-in POST is throttled per account (domain/sign-in.ts) as well as per address; a hard-
// locked account is unlocked at <loginPath>/unlock with the code its email received.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isLocale, type Locale } from '../../../core/i18n/messages';
import {
  afterFailure,
  formPostVerdict,
  liftLock,
  minutesToWait,
  portalOriginsFor,
  recordSuccess,
  returnAttempt,
  safeTarget,
  SIGN_IN_POSTS_PER_ADDRESS_PER_MINUTE,
  signInGate,
  takeAttempt,
  failUnknownAttempt,
  type SignInGate,
} from '../../domain/sign-in';
import { ApiError, isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../../errors';
import { findProfileByEmail, type ProfileRow } from '../../repositories/profiles';
import { portalOrigin } from '../../services/merchants';
import { redeemCode, sendCode } from '../../services/one-time-codes';
import { DUMMY_HASH, verifyPassword } from '../../services/passwords';
import {
  isLiveResetToken,
  issueResetToken,
  resetPassword,
  RESET_TTL_MINUTES,
  type ResetAccount,
} from '../../domain/password-reset';
import { recipientLocale } from '../../mail/compose';
import type { Database } from '../../db/client';
import { describeError } from '../../../core/i18n/messages';
import { loadLocale } from '../../../core/i18n/load-locales';
import { pageLocale, pageText } from './page-language';
import { brandedHtml } from '../../mail/html';
import { escapeHtml, renderPage, withPortalName, type PageContext } from './page-shell';

export { safeTarget };

/** A message under a form: an error (role=alert) or a note, with an optional link. */
interface Notice {
  kind: 'error' | 'note';
  text: string;
  link?: { href: string; label: string };
}

function noticeHtml(notice: Notice | undefined): string {
  if (!notice) return '';
  const link = notice.link
    ? ` <a href="${escapeHtml(notice.link.href)}">${escapeHtml(notice.link.label)}</a>`
    : '';
  return notice.kind === 'error'
    ? `<p class="error" id="login-error" role="alert">${escapeHtml(notice.text)}${link}</p>`
    : `<p class="note" role="status">${escapeHtml(notice.text)}${link}</p>`;
}

function loginForm(
  view: PageContext,
  path: string,
  state: string,
  notice?: Notice,
  email = '',
): string {
  const { locale, t, portalName } = view;
  const invalid =
    notice?.kind === 'error' ? ' aria-describedby="login-error" aria-invalid="true"' : '';
  return renderPage(
    view,
    t('title', { portalName }),
    `<h1>${withPortalName(view, 'heading')}</h1>
<form method="post" action="${escapeHtml(path)}" novalidate>
<input type="hidden" name="state" value="${escapeHtml(state)}">
<input type="hidden" name="lang" value="${escapeHtml(locale)}">
<label for="email">${escapeHtml(t('email'))}</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"${invalid}>
<label for="password">${escapeHtml(t('password'))}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}>
${noticeHtml(notice)}
<button type="submit">${escapeHtml(t('submit'))}</button>
</form>
<p class="links"><a href="${escapeHtml(`${path}/forgot?${new URLSearchParams({ state, lang: locale })}`)}">${escapeHtml(t('forgotLink'))}</a></p>`,
  );
}

/** Asks for the email a reset link goes to; the answer is the same whether or not it has one. */
function forgotForm(
  view: PageContext,
  path: string,
  state: string,
  email: string,
  notice?: Notice,
): string {
  const { locale, t, portalName } = view;
  return renderPage(
    view,
    t('forgotTitle', { portalName }),
    `<h1>${escapeHtml(t('forgotHeading'))}</h1>
<p>${escapeHtml(t('forgotIntro'))}</p>
<form method="post" action="${escapeHtml(path)}" novalidate>
<input type="hidden" name="state" value="${escapeHtml(state)}">
<input type="hidden" name="lang" value="${escapeHtml(locale)}">
<label for="email">${escapeHtml(t('email'))}</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}">
${noticeHtml(notice)}
<button type="submit">${escapeHtml(t('forgotSubmit'))}</button>
</form>`,
  );
}

/** The new password, twice, with each field's own error under it. */
function resetForm(
  view: PageContext,
  path: string,
  token: string,
  errors: { password?: string; passwordConfirmation?: string } = {},
): string {
  const { locale, t, portalName } = view;
  const described = (id: string, error: string | undefined) =>
    error
      ? ` aria-describedby="${id}-error" aria-invalid="true"`
      : ` aria-describedby="${id}-help"`;
  const errorLine = (id: string, error: string | undefined) =>
    error ? `<p class="error" id="${id}-error" role="alert">${escapeHtml(error)}</p>` : '';
  return renderPage(
    view,
    t('resetTitle', { portalName }),
    `<h1>${escapeHtml(t('resetHeading'))}</h1>
<form method="post" action="${escapeHtml(path)}" novalidate>
<input type="hidden" name="token" value="${escapeHtml(token)}">
<input type="hidden" name="lang" value="${escapeHtml(locale)}">
<label for="password">${escapeHtml(t('resetPassword'))}</label>
<input id="password" name="password" type="password" autocomplete="new-password" required${described('password', errors.password)}>
<p class="help" id="password-help">${escapeHtml(t('resetRules'))}</p>
${errorLine('password', errors.password)}
<label for="passwordConfirmation">${escapeHtml(t('resetConfirm'))}</label>
<input id="passwordConfirmation" name="passwordConfirmation" type="password" autocomplete="new-password" required${described('passwordConfirmation', errors.passwordConfirmation)}>
${errorLine('passwordConfirmation', errors.passwordConfirmation)}
<button type="submit">${escapeHtml(t('resetSubmit'))}</button>
</form>`,
  );
}

/**
 * The unlock page: the emailed code, or a new code (codes last 10 minutes) with the same form's
 * email. The email never travels in a URL, so it stays out of access logs.
 */
function unlockForm(
  view: PageContext,
  path: string,
  state: string,
  email: string,
  notice?: Notice,
): string {
  const { locale, t, portalName } = view;
  return renderPage(
    view,
    t('unlockTitle', { portalName }),
    `<h1>${withPortalName(view, 'unlockHeading')}</h1>
<p>${escapeHtml(t('unlockIntro'))}</p>
<form method="post" action="${escapeHtml(path)}" novalidate>
<input type="hidden" name="state" value="${escapeHtml(state)}">
<input type="hidden" name="lang" value="${escapeHtml(locale)}">
<label for="email">${escapeHtml(t('email'))}</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}">
<label for="code">${escapeHtml(t('unlockCode'))}</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6">
${noticeHtml(notice)}
<button type="submit">${escapeHtml(t('unlockSubmit'))}</button>
<button type="submit" name="resend" value="1">${escapeHtml(t('unlockResend'))}</button>
</form>`,
  );
}

function logoutForm(view: PageContext, path: string): string {
  const { t, portalName } = view;
  return renderPage(
    view,
    t('signOutTitle', { portalName }),
    `<h1>${withPortalName(view, 'signOutHeading')}</h1>
<form method="post" action="${escapeHtml(path)}">
<button type="submit">${escapeHtml(t('signOutSubmit'))}</button>
</form>`,
  );
}

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

const authPageRoutes: FastifyPluginAsync = async (app) => {
  const { merchants, config, db, mailer, forms, metrics } = app.deps;
  const loginPaths = new Set(merchants.all.map((m) => m.configuration.appConfig.loginPagePath));
  const logoutPaths = new Set(merchants.all.map((m) => m.configuration.appConfig.logoutPagePath));
  /** Branding and language for this host; `lang` is the portal's choice, when it sent one. */
  const context = (request: FastifyRequest, lang: unknown): PageContext => {
    const { branding, ...configuration } = merchants.forHost(request.host).configuration;
    const locale = pageLocale(lang, request.headers['accept-language'], configuration);
    // The same page in another language keeps what the page was opened with (state, token).
    const source = (request.method === 'GET' ? request.query : request.body) as
      Record<string, unknown> | undefined;
    const kept = Object.fromEntries(
      ['state', 'token'].flatMap((k) =>
        typeof source?.[k] === 'string' ? [[k, source[k] as string]] : [],
      ),
    );
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
  const unlockHref = (path: string, state: string, locale: Locale) =>
    `${path}/unlock?${new URLSearchParams({ state, lang: locale })}`;
  /** The refusal page for a locked account: how long to wait, or where to enter the code. */
  const lockedPage = (
    reply: FastifyReply,
    view: PageContext,
    path: string,
    state: string,
    email: string,
    gate: Exclude<SignInGate, { state: 'open' }>,
  ) => {
    if (gate.state === 'locked') {
      reply.header('retry-after', String(gate.retryAfterSeconds));
      const minutes = minutesToWait(gate.retryAfterSeconds);
      return htmlPage(
        reply,
        429,
        loginForm(view, path, state, { kind: 'error', text: view.t('locked', { minutes }) }, email),
      );
    }
    return htmlPage(
      reply,
      423,
      loginForm(
        view,
        path,
        state,
        {
          kind: 'error',
          text: view.t('hardLocked'),
          link: { href: unlockHref(path, state, view.locale), label: view.t('unlockLink') },
        },
        email,
      ),
    );
  };
  /** Mails the unlock code in the account's language, with a link to its portal's unlock page. */
  const sendUnlockCode = async (profile: ProfileRow) => {
    const merchant = merchants.byId(profile.merchantId) ?? merchants.forHost(undefined);
    const { appConfig, branding, defaultLocale } = merchant.configuration;
    const locale: Locale = isLocale(profile.preferredLanguage)
      ? profile.preferredLanguage
      : isLocale(defaultLocale)
        ? defaultLocale
        : 'en';
    const t = pageText(locale);
    const link = `${portalOrigin(config.publicUrl, merchant)}${unlockHref(appConfig.loginPagePath, '/', locale)}`;
    return sendCode(
      db,
      mailer,
      { profileId: profile.id, purpose: 'SIGN_IN_UNLOCK', subject: `account:${profile.id}` },
      (code) => {
        const mail = {
          subject: t('unlockMailSubject', { portalName: branding.portalName }),
          text: t('unlockMailText', {
            portalName: branding.portalName,
            prefix: code.prefix,
            code: code.code,
            link,
          }),
        };
        return {
          to: profile.email,
          ...mail,
          html: brandedHtml(merchant, locale, mail),
          otp: code.code,
        };
      },
    );
  };

  /** Mails the reset link in the account's language, to its own merchant's portal. */
  const sendResetLink = async (
    profile: ProfileRow,
    token: string,
    loginPath: string,
    pageLocale: Locale,
  ) => {
    const merchant = merchants.byId(profile.merchantId) ?? merchants.forHost(undefined);
    const locale: Locale = isLocale(profile.preferredLanguage)
      ? profile.preferredLanguage
      : pageLocale;
    const t = pageText(locale);
    const link = `${portalOrigin(config.publicUrl, merchant)}${loginPath}/reset?${new URLSearchParams({ token, lang: locale })}`;
    const portalName = merchant.configuration.branding.portalName;
    const mail = {
      subject: t('resetMailSubject', { portalName }),
      text: t('resetMailText', { portalName, link, minutes: RESET_TTL_MINUTES }),
    };
    await mailer.enqueue(db, {
      to: profile.email,
      ...mail,
      html: brandedHtml(merchant, locale, mail),
    });
    await mailer.flush();
  };
  /**
   * Queues, in the reset's transaction, the "your password was changed" notice in the account's
   * stored language, with the way to take the account back (a new reset link) on its own portal.
   */
  const queuePasswordChanged =
    (loginPath: string) =>
    async (tx: Database, account: ResetAccount): Promise<void> => {
      const merchant = merchants.byId(account.merchantId) ?? merchants.forHost(undefined);
      const locale = recipientLocale(account.preferredLanguage, merchant);
      const t = pageText(locale);
      const portalName = merchant.configuration.branding.portalName;
      const link = `${portalOrigin(config.publicUrl, merchant)}${loginPath}/forgot?${new URLSearchParams({ lang: locale })}`;
      const mail = {
        subject: t('passwordChangedMailSubject', { portalName }),
        text: t('passwordChangedMailText', { portalName, link }),
      };
      await mailer.enqueue(tx, {
        to: account.email,
        ...mail,
        html: brandedHtml(merchant, locale, mail),
      });
    };
  const resetExpiredPage = (view: PageContext, forgotPath: string) =>
    renderPage(
      view,
      view.t('resetTitle', { portalName: view.portalName }),
      `<h1>${escapeHtml(view.t('resetHeading'))}</h1>
${noticeHtml({
  kind: 'error',
  text: view.t('resetExpired'),
  link: {
    href: `${forgotPath}?${new URLSearchParams({ lang: view.locale })}`,
    label: view.t('resetAgain'),
  },
})}`,
    );

  for (const path of loginPaths) {
    app.get(
      path,
      {
        config: { public: true },
        schema: {
          tags: ['sign-in'],
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
        const { state, lang } = request.query as { state?: string; lang?: string };
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
          tags: ['sign-in'],
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
        const {
          email = '',
          password = '',
          state,
          lang,
        } = request.body as { email?: string; password?: string; state?: string; lang?: string };
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
          const profile = email ? await findProfileByEmail(db, email.trim()) : undefined;
          if (!profile) {
            // Counted and locked as an account would be, and compared against a dummy hash, so
            // neither the answers nor their timing tell which emails have an account.
            const attempt = await failUnknownAttempt(db, email, undefined, 'recipients', metrics);
            if (attempt.counted) await verifyPassword(password, DUMMY_HASH);
            if (attempt.gate.state !== 'open') {
              request.log.info({ event: 'login_locked' }, 'sign-in locked');
              return lockedPage(reply, view, path, next, email, attempt.gate);
            }
            request.log.info({ event: 'login_failed' }, 'sign-in refused');
            const text = view.t('wrongCredentials');
            return htmlPage(
              reply,
              401,
              loginForm(view, path, next, { kind: 'error', text }, email),
            );
          }
          // Counted before the password is checked, so parallel guesses meet the lock too.
          const attempt = await takeAttempt(db, profile.id);
          if (attempt.gate.state !== 'open') {
            request.log.info({ event: 'login_locked', profileId: profile.id }, 'sign-in locked');
            return lockedPage(reply, view, path, next, email, attempt.gate);
          }
          const matches = await verifyPassword(password, profile.passwordHash).catch(
            async (error: unknown) => {
              await returnAttempt(db, profile.id).catch(() => {});
              throw error;
            },
          );
          if (!matches) {
            const after = await afterFailure(db, profile.id, attempt.failures, metrics);
            request.log.info(
              { event: 'login_failed', profileId: profile.id, failures: attempt.failures },
              'sign-in refused',
            );
            if (after.newlyHardLocked) {
              request.log.warn({ event: 'login_hard_locked', profileId: profile.id }, 'hard lock');
              await sendUnlockCode(profile).catch((error: unknown) =>
                request.log.error({ err: error }, 'unlock code not sent'),
              );
            }
            if (after.gate.state !== 'open')
              return lockedPage(reply, view, path, next, email, after.gate);
            const text = view.t('wrongCredentials');
            return htmlPage(
              reply,
              401,
              loginForm(view, path, next, { kind: 'error', text }, email),
            );
          }
          await recordSuccess(db, profile, password);
          if (request.session) await app.sessions.revoke(request.session.idHash);
          await app.startSession(reply, profile.id, request);
          request.log.info({ event: 'login', profileId: profile.id }, 'signed in');
          return reply.redirect(next, 303);
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
        schema: { tags: ['sign-in'], querystring: pageQuery, response: PAGE_RESPONSES },
      },
      async (request, reply) => {
        const { state, lang } = request.query as { state?: string; lang?: string };
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
          tags: ['sign-in'],
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
        const { email = '', state, lang } = request.body as Record<string, string | undefined>;
        const view = context(request, lang);
        const refused = refuseCrossSite(request, reply, view);
        if (refused) return refused;
        const profile = email.trim() ? await findProfileByEmail(db, email.trim()) : undefined;
        if (profile) {
          // After the answer: the time it takes must not tell an account from no account.
          void (async () => {
            const token = await issueResetToken(db, profile);
            if (token) await sendResetLink(profile, token, path, view.locale);
            request.log.info(
              { event: 'password_reset_requested', profileId: profile.id, sent: !!token },
              'reset',
            );
          })().catch((error: unknown) => request.log.error({ err: error }, 'reset link not sent'));
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
          tags: ['sign-in'],
          querystring: {
            type: 'object',
            properties: { token: { type: 'string', maxLength: 128 }, lang: { type: 'string' } },
          },
        },
      },
      async (request, reply) => {
        const { token = '', lang } = request.query as { token?: string; lang?: string };
        const view = context(request, lang);
        // The link's token must not leak to another site through a Referer; same-origin (not
        // no-referrer, under which the browser posts the form with Origin: null, a cross-site post).
        reply.header('referrer-policy', 'same-origin');
        if (!(await isLiveResetToken(db, token)))
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
          tags: ['sign-in'],
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
        const {
          token = '',
          password = '',
          passwordConfirmation = '',
          lang,
        } = request.body as Record<string, string | undefined>;
        const view = context(request, lang);
        reply.header('referrer-policy', 'same-origin');
        const refused = refuseCrossSite(request, reply, view);
        if (refused) return refused;
        const outcome = await resetPassword(
          db,
          forms,
          token,
          password,
          passwordConfirmation,
          queuePasswordChanged(path),
        );
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
          tags: ['sign-in'],
          querystring: {
            type: 'object',
            properties: { state: { type: 'string' }, lang: { type: 'string' } },
          },
        },
      },
      async (request, reply) => {
        const { state, lang } = request.query as { state?: string; lang?: string };
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
          tags: ['sign-in'],
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
        const {
          email = '',
          code = '',
          resend,
          state,
          lang,
        } = request.body as Record<string, string | undefined>;
        const view = context(request, lang);
        const next = target(request, state);
        const refused = refuseCrossSite(request, reply, view);
        if (refused) return refused;
        const profile = email ? await findProfileByEmail(db, email.trim()) : undefined;
        const hardLocked = profile !== undefined && signInGate(profile).state === 'hardLocked';
        const again = (status: number, notice: Notice) =>
          htmlPage(reply, status, unlockForm(view, unlockPath, next, email, notice));
        if (resend) {
          // The same answer whether or not the email has a locked account.
          if (profile && hardLocked) {
            try {
              await sendUnlockCode(profile);
            } catch (error) {
              if (!(error instanceof ApiError && error.statusCode === 429)) throw error;
              return again(429, { kind: 'error', text: view.t('unlockTooManyCodes') });
            }
          }
          return again(200, { kind: 'note', text: view.t('unlockSent') });
        }
        if (!profile || !hardLocked)
          return again(400, { kind: 'error', text: view.t('unlockWrongCode') });
        try {
          await redeemCode(
            db,
            {
              profileId: profile.id,
              purpose: 'SIGN_IN_UNLOCK',
              subject: `account:${profile.id}`,
              code: code.trim(),
            },
            (tx) => liftLock(tx, profile.id),
          );
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          if (error.statusCode === 429)
            return again(429, { kind: 'error', text: view.t('unlockCodeLocked') });
          return again(400, { kind: 'error', text: view.t('unlockWrongCode') });
        }
        request.log.info({ event: 'login_unlocked', profileId: profile.id }, 'sign-in unlocked');
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
    app.post(
      path,
      { config: { public: true }, schema: { tags: ['sign-in'], response: PAGE_RESPONSES } },
      logout,
    );
  }
};
export default authPageRoutes;
