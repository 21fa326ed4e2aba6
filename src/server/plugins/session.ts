// Resolves the session of every /master request and enforces the access rules:
// - routes are private unless their config says `public: true` (or `admin: true`, key-checked);
// - a missing, idle, expired or revoked session answers 401, as does a lapsed access window;
// - every state-changing request with a session must carry the CSRF token (double submit).
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, unauthorized } from '../errors';
import {
  CSRF_COOKIE,
  CSRF_HEADER,
  SESSION_COOKIE,
  type ActiveSession,
  type SessionStore,
} from '../services/sessions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session. */
    public?: boolean;
    /** Guarded by the admin key instead of a session. */
    admin?: boolean;
    /** Answers even when the short access window lapsed (the login page refreshes it). */
    allowLapsedAccess?: boolean;
  }
  interface FastifyRequest {
    session: ActiveSession | null;
  }
  interface FastifyInstance {
    sessions: SessionStore;
    startSession(reply: FastifyReply, profileId: string, request: FastifyRequest): Promise<void>;
    endSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Cookies are Secure everywhere except plain-HTTP localhost development. */
const isLocalHost = (request: FastifyRequest): boolean =>
  /^(localhost|127\.0\.0\.1|\[::1\]|[\w.-]+\.localhost)(:\d+)?$/.test(request.headers.host ?? '');

export default fp(async function sessionPlugin(app, opts: { store: SessionStore }) {
  app.decorate('sessions', opts.store);
  app.decorateRequest('session', null);

  const cookieOptions = (request: FastifyRequest) => ({
    path: '/',
    sameSite: 'lax' as const,
    secure: !isLocalHost(request),
  });

  app.decorate(
    'startSession',
    async (reply: FastifyReply, profileId: string, request: FastifyRequest) => {
      const { id, csrfToken } = await opts.store.create(profileId);
      reply.setCookie(SESSION_COOKIE, id, { ...cookieOptions(request), httpOnly: true });
      // Readable by the portal so it can echo it in the CSRF header.
      reply.setCookie(CSRF_COOKIE, csrfToken, { ...cookieOptions(request), httpOnly: false });
    },
  );

  app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.session) await opts.store.revoke(request.session.idHash);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    reply.clearCookie(CSRF_COOKIE, { path: '/' });
  });

  // In onRequest, so an anonymous request is refused before its body is even parsed or validated.
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/master/')) return;
    request.session = await opts.store.find(request.cookies[SESSION_COOKIE]);
    const config = request.routeOptions.config;
    if (config.admin) return;
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
    await opts.store.touch(session.idHash);
  });
});
