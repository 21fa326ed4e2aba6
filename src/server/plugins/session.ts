// Recipients' sessions: the one session gate of plugins/session-realm.ts over the recipient realm
// (services/sessions.ts), closed by default; routes marked `staff` belong to the console's realm.
// Cookies at Path=/ (`__Host-pp_session`, HttpOnly, and `XSRF-TOKEN`), SameSite=Lax. Recipients'
// own checks, after the session and its CSRF token:
// - a lapsed short access window answers 401 unless the route allows it (the login page refreshes);
// - a merchant with the access code (UserRegistrationOTPEnabled): until this session entered the
//   code, only routes marked `beforeAccessCode` answer (403 AccessCodeRequired otherwise);
// - a LOCKED or DEACTIVATED profile may only read itself and its status (403 ProfileBlocked).
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, unauthorized } from '../errors';
import { CSRF_COOKIE, type ActiveSession, type SessionStore } from '../services/sessions';
import { isBlockedStatus } from '../domain/profile-lifecycle';
import { installSessionRealm } from './session-realm';

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

  const accessCodeRequired = (session: ActiveSession): boolean =>
    !session.accessVerified &&
    app.deps.merchants.byId(session.merchantId)?.configuration.businessRules
      .UserRegistrationOTPEnabled === true;

  const realm = installSessionRealm<ActiveSession>(app, {
    cookies: {
      session: { name: cookieName, path: '/' },
      csrf: { name: CSRF_COOKIE, path: '/' },
      sameSite: 'lax',
      secure: opts.secureCookies,
    },
    store: {
      create: (profileId) => store.create(profileId),
      // A route that answers with the profile reads it with the session, in one query.
      find: (id, config) => store.find(id, config.readsProfile === true),
      touch: (session) => store.touch(session),
      revoke: (idHash) => store.revoke(idHash),
    },
    // Admin-key routes, files and the rules console (its own realm) skip this gate, as do public
    // probes marked sessionless (only together with `public`: sessionless alone stays closed).
    guards: (config) =>
      !(config.admin || config.staticFiles || config.staff) &&
      !(config.sessionless && config.public),
    current: (request) => request.session,
    attach: (request, session) => {
      request.session = session;
    },
    admit: (session, config) => {
      if (!session.accessValid && !config.allowLapsedAccess)
        throw unauthorized('Unauthorized: the session needs a refresh through the login page');
      if (isBlockedStatus(session.profileStatus) && !config.whileBlocked)
        throw new ApiError(
          403,
          `ProfileBlocked: the account is ${session.profileStatus}; contact support`,
        );
      if (!config.beforeAccessCode && accessCodeRequired(session))
        throw new ApiError(403, 'AccessCodeRequired: enter the access code sent to your email');
    },
  });

  app.decorate(
    'startSession',
    (reply: FastifyReply, profileId: string, _request: FastifyRequest): Promise<void> =>
      realm.start(reply, profileId),
  );
  app.decorate('endSession', realm.end);
});
