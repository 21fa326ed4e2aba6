// The rules console's staff sessions: the one session gate of plugins/session-realm.ts over the
// staff realm (services/staff-sessions.ts), on routes marked `staff` only (the recipients' gate
// skips them). A staff route is private unless its config also says `public` (the sign-in). The
// cookies are path-scoped to the console (issue 29) and SameSite=Strict.
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../errors';
import {
  STAFF_CSRF_COOKIE,
  STAFF_CSRF_COOKIE_PATH,
  STAFF_SESSION_COOKIE_PATH,
  type StaffSession,
  type StaffSessionStore,
} from '../services/staff-sessions';
import { installSessionRealm } from './session-realm';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A rules-console route: the staff session applies, never a recipient's. */
    staff?: boolean;
  }
  interface FastifyRequest {
    staff: StaffSession | null;
  }
  interface FastifyInstance {
    staffSessionCookie: string;
    startStaffSession(reply: FastifyReply, staffId: string): Promise<void>;
    endStaffSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

export interface StaffSessionPluginOptions {
  store: StaffSessionStore;
  cookieName: string;
  secureCookies: boolean;
}

const SIGN_IN = 'Unauthorized: sign in to the console';

export default fp(async function staffSessionPlugin(app, opts: StaffSessionPluginOptions) {
  const { store, cookieName } = opts;
  app.decorate('staffSessionCookie', cookieName);
  app.decorateRequest('staff', null);

  const realm = installSessionRealm<StaffSession>(app, {
    // Path-scoped (issue 29): the session reaches only the console's API; the CSRF token only the
    // console's pages (the API compares the header with the session's own token, not the cookie).
    cookies: {
      session: { name: cookieName, path: STAFF_SESSION_COOKIE_PATH },
      csrf: { name: STAFF_CSRF_COOKIE, path: STAFF_CSRF_COOKIE_PATH },
      sameSite: 'strict',
      secure: opts.secureCookies,
    },
    store: {
      create: (staffId) => store.create(staffId),
      find: (id) => store.find(id),
      touch: (session) => store.touch(session),
      revoke: (idHash) => store.revoke(idHash),
    },
    guards: (config) => config.staff === true,
    current: (request) => request.staff,
    attach: (request, session) => {
      request.staff = session;
    },
    signInMessage: SIGN_IN,
  });

  app.decorate('startStaffSession', realm.start);
  app.decorate('endStaffSession', realm.end);
});

/** The staff session of a private console route (the hook above guarantees one). */
export function staffOf(request: FastifyRequest): StaffSession {
  if (!request.staff) throw unauthorized(SIGN_IN);
  return request.staff;
}
