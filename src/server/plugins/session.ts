// Resolves the session of every request and enforces the access rules, closed by default. The
// decision is made on the route the router matched (its config), never on the raw URL, so an
// encoded or case-variant path cannot reach a private handler:
// - a route is private unless its config says `public: true` (or `admin: true`, key-checked);
// - a missing, idle, expired or revoked session answers 401, as does a lapsed access window;
// - every state-changing request with a session must carry the CSRF token (double submit);
// - a merchant with the access code (UserRegistrationOTPEnabled): until this session entered the
//   code, only routes marked `beforeAccessCode` answer (403 AccessCodeRequired otherwise);
// - a LOCKED or DEACTIVATED profile may only read itself and its status (403 ProfileBlocked).
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, unauthorized } from '../errors';
import {
  CSRF_COOKIE,
  CSRF_HEADER,
  type ActiveSession,
  type SessionStore,
} from '../services/sessions';
import { isBlockedStatus } from '../services/profile-lifecycle';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session. */
    public?: boolean;
    /** Guarded by the admin key instead of a session. */
    admin?: boolean;
    /** Answers even when the short access window lapsed (the login page refreshes it). */
    allowLapsedAccess?: boolean;
    /** Answers before the session entered the merchant's access code (reads and the code itself). */
    beforeAccessCode?: boolean;
    /** Answers for a LOCKED or DEACTIVATED profile (it reads itself and its status, nothing else). */
    whileBlocked?: boolean;
    /** A background poll: it does not count as activity, so an abandoned tab goes idle. */
    passive?: boolean;
    /** Answers with the profile entity: it is read with the session, in the same query. */
    readsProfile?: boolean;
    /** Serves the portal's files: no session is looked up. */
    staticFiles?: boolean;
    /** A public probe (health): no session is looked up, so it answers without the database. */
    sessionless?: boolean;
  }
  interface FastifyRequest {
    session: ActiveSession | null;
  }
  interface FastifyInstance {
    sessions: SessionStore;
    sessionCookie: string;
    startSession(reply: FastifyReply, profileId: string, request: FastifyRequest): Promise<void>;
    endSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface SessionPluginOptions {
  store: SessionStore;
  /** `__Host-pp_session` in production, `pp_session` on plain-HTTP development. */
  cookieName: string;
  /** Secure cookies, from configuration (never from the Host header). */
  secureCookies: boolean;
}

export default fp(async function sessionPlugin(app, opts: SessionPluginOptions) {
  const { store, cookieName } = opts;
  app.decorate('sessions', store);
  app.decorate('sessionCookie', cookieName);
  app.decorateRequest('session', null);

  const cookieOptions = { path: '/', sameSite: 'lax' as const, secure: opts.secureCookies };

  app.decorate(
    'startSession',
    async (reply: FastifyReply, profileId: string, _request: FastifyRequest) => {
      const { id, csrfToken } = await store.create(profileId);
      reply.setCookie(cookieName, id, { ...cookieOptions, httpOnly: true });
      // Readable by the portal so it can echo it in the CSRF header.
      reply.setCookie(CSRF_COOKIE, csrfToken, { ...cookieOptions, httpOnly: false });
    },
  );

  app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.session) await store.revoke(request.session.idHash);
    reply.clearCookie(cookieName, cookieOptions);
    reply.clearCookie(CSRF_COOKIE, cookieOptions);
  });

  const accessCodeRequired = (session: ActiveSession): boolean =>
    !session.accessVerified &&
    app.deps.merchants.byId(session.merchantId)?.configuration.businessRules
      .UserRegistrationOTPEnabled === true;

  // In onRequest, so an anonymous request is refused before its body is even parsed or validated.
  app.addHook('onRequest', async (request) => {
    // Unmatched routes answer 404 and reach nothing.
    if (request.is404) return;
    const config = request.routeOptions.config;
    // Admin-key routes, files, and the rules console (its own staff session) skip this gate.
    if (config.admin || config.staticFiles || config.staff) return;
    // Only together with `public`: a route marked sessionless alone stays closed.
    if (config.sessionless && config.public) return;
    const raw = request.cookies[cookieName];
    request.session =
      typeof raw === 'string' && raw.length <= 128
        ? await store.find(raw, config.readsProfile === true)
        : null;
    const { session } = request;
    if (
      session &&
      WRITE_METHODS.has(request.method) &&
      request.headers[CSRF_HEADER] !== session.csrfToken
    ) {
      // The login form posts without a session; every other write needs the token.
      if (!config.public)
        throw new ApiError(
          403,
          'CsrfTokenMissing: send the XSRF-TOKEN cookie value in x-csrf-token',
        );
    }
    if (config.public) return;
    if (!session) throw unauthorized();
    if (!session.accessValid && !config.allowLapsedAccess) {
      throw unauthorized('Unauthorized: the session needs a refresh through the login page');
    }
    if (isBlockedStatus(session.profileStatus) && !config.whileBlocked) {
      throw new ApiError(
        403,
        `ProfileBlocked: the account is ${session.profileStatus}; contact support`,
      );
    }
    if (!config.beforeAccessCode && accessCodeRequired(session)) {
      throw new ApiError(403, 'AccessCodeRequired: enter the access code sent to your email');
    }
    if (!config.passive) await store.touch(session);
  });
});
