// The rules console's staff sessions, apart from recipients' (plugins/session.ts skips routes
// marked `staff`). A staff route is private unless its config also says `public` (the sign-in);
// every write with a staff session carries the console's CSRF token (double submit). The cookies
// are path-scoped to the console (/master/console for the session, /console for the CSRF token).
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, unauthorized } from '../errors';
import { CSRF_HEADER } from '../services/sessions';
import {
  STAFF_CSRF_COOKIE,
  STAFF_CSRF_COOKIE_PATH,
  STAFF_SESSION_COOKIE_PATH,
  type StaffSession,
  type StaffSessionStore,
} from '../services/staff-sessions';

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

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface StaffSessionPluginOptions {
  store: StaffSessionStore;
  cookieName: string;
  secureCookies: boolean;
}

export default fp(async function staffSessionPlugin(app, opts: StaffSessionPluginOptions) {
  const { store, cookieName } = opts;
  const base = { sameSite: 'strict' as const, secure: opts.secureCookies };
  // Path-scoped (issue 29): the session reaches only the console's API; the CSRF token only the
  // console's pages (the API compares the header with the session's own token, not the cookie).
  const sessionCookie = { ...base, path: STAFF_SESSION_COOKIE_PATH, httpOnly: true };
  const csrfCookie = { ...base, path: STAFF_CSRF_COOKIE_PATH, httpOnly: false };
  app.decorate('staffSessionCookie', cookieName);
  app.decorateRequest('staff', null);

  app.decorate('startStaffSession', async (reply: FastifyReply, staffId: string) => {
    const { id, csrfToken } = await store.create(staffId);
    reply.setCookie(cookieName, id, sessionCookie);
    reply.setCookie(STAFF_CSRF_COOKIE, csrfToken, csrfCookie);
  });

  app.decorate('endStaffSession', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.staff) await store.revoke(request.staff.idHash);
    reply.clearCookie(cookieName, sessionCookie);
    reply.clearCookie(STAFF_CSRF_COOKIE, csrfCookie);
  });

  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const config = request.routeOptions.config;
    if (!config.staff) return;
    const raw = request.cookies[cookieName];
    request.staff = typeof raw === 'string' && raw.length <= 128 ? await store.find(raw) : null;
    const { staff } = request;
    if (config.public) return;
    if (!staff) throw unauthorized('Unauthorized: sign in to the console');
    if (WRITE_METHODS.has(request.method) && request.headers[CSRF_HEADER] !== staff.csrfToken)
      throw new ApiError(
        403,
        `CsrfTokenMissing: send the ${STAFF_CSRF_COOKIE} cookie value in ${CSRF_HEADER}`,
      );
  });
});

/** The staff session of a private console route (the hook above guarantees one). */
export function staffOf(request: FastifyRequest): StaffSession {
  if (!request.staff) throw unauthorized('Unauthorized: sign in to the console');
  return request.staff;
}
