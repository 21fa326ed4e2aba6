// One session gate for both realms (plugins/session.ts for recipients, plugins/staff-session.ts
// for the rules console's staff), closed by default. The decision is made on the route the router
// matched (its config), never on the raw URL, so an encoded or case-variant path cannot reach a
// private handler. In this order, for every route the realm guards:
// 1. the session of the realm's cookie is looked up (null when missing, idle, expired or revoked);
// 2. a route marked `public` answers with or without one (the sign-in forms);
// 3. no session answers 401;
// 4. every state-changing method carries the session's CSRF token in x-csrf-token (double submit),
//    or answers 403;
// 5. the realm's own checks (recipients: the access window, a blocked profile, the access code);
// 6. the request counts as activity, unless the route is `passive` (a background poll).
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, unauthorized } from '../errors';
import { CSRF_HEADER, type RealmSession } from '../services/session-realm';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface RealmCookies {
  /** The session cookie (HttpOnly) and where it is sent. */
  session: { name: string; path: string };
  /** The CSRF token's cookie (readable by the realm's own pages) and where it is sent. */
  csrf: { name: string; path: string };
  sameSite: 'lax' | 'strict';
  /** From configuration (never from the Host header). */
  secure: boolean;
}

/** What a realm brings to the one mechanism. */
export interface SessionRealm<S extends RealmSession> {
  cookies: RealmCookies;
  store: {
    create(ownerId: string): Promise<{ id: string; csrfToken: string }>;
    /** The live session of a cookie value, read as the matched route needs it. */
    find(id: string, config: FastifyContextConfig): Promise<S | null>;
    touch(session: S): Promise<void>;
    revoke(idHash: string): Promise<void>;
  };
  /** Whether the realm's gate applies to the matched route (and looks a session up for it). */
  guards(config: FastifyContextConfig): boolean;
  /** The request's session of this realm (request.session, request.staff). */
  current(request: FastifyRequest): S | null;
  attach(request: FastifyRequest, session: S | null): void;
  /** The 401 answer's message. */
  signInMessage?: string;
  /** The realm's own checks of a private route once the session and its CSRF token hold. */
  admit?(session: S, config: FastifyContextConfig): void;
}

export interface RealmSessions {
  /** Signs an owner in: a new session, its cookie and its CSRF token's cookie. */
  start(reply: FastifyReply, ownerId: string): Promise<void>;
  /** Signs out: the session ends server-side and both cookies are cleared. */
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/** Installs a realm's gate on `app` (an onRequest hook) and answers its sign-in and sign-out. */
export function installSessionRealm<S extends RealmSession>(
  app: FastifyInstance,
  realm: SessionRealm<S>,
): RealmSessions {
  const { cookies, store } = realm;
  const base = { sameSite: cookies.sameSite, secure: cookies.secure };
  const sessionCookie = { ...base, path: cookies.session.path, httpOnly: true };
  // Readable by the realm's pages so they can echo it in the CSRF header.
  const csrfCookie = { ...base, path: cookies.csrf.path, httpOnly: false };
  const csrfRefused = `CsrfTokenMissing: send the ${cookies.csrf.name} cookie value in ${CSRF_HEADER}`;

  // In onRequest, so an anonymous request is refused before its body is even parsed or validated.
  app.addHook('onRequest', async (request) => {
    // Unmatched routes answer 404 and reach nothing.
    if (request.is404) return;
    const config = request.routeOptions.config;
    if (!realm.guards(config)) return;
    const raw = request.cookies[cookies.session.name];
    const session =
      typeof raw === 'string' && raw.length <= 128 ? await store.find(raw, config) : null;
    realm.attach(request, session);
    if (config.public) return;
    if (!session) throw unauthorized(realm.signInMessage);
    if (UNSAFE_METHODS.has(request.method) && request.headers[CSRF_HEADER] !== session.csrfToken)
      throw new ApiError(403, csrfRefused);
    realm.admit?.(session, config);
    if (!config.passive) await store.touch(session);
  });

  return {
    async start(reply, ownerId) {
      const { id, csrfToken } = await store.create(ownerId);
      reply.setCookie(cookies.session.name, id, sessionCookie);
      reply.setCookie(cookies.csrf.name, csrfToken, csrfCookie);
    },
    async end(request, reply) {
      const session = realm.current(request);
      if (session) await store.revoke(session.idHash);
      reply.clearCookie(cookies.session.name, sessionCookie);
      reply.clearCookie(cookies.csrf.name, csrfCookie);
    },
  };
}
