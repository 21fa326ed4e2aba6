// External plugins first (fastify/demo style): headers, cookies, form bodies, rate limits.
import fp from 'fastify-plugin';
import helmet from 'helmet';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { redisWithMemoryFallback } from '../services/rate-limit-store';
import { createHash } from 'node:crypto';
import { PAGE_SCRIPT } from '../../core/routes/page-script';

/** The portal page's one inline script (core/routes/page-script.ts), allowed by its hash. */
export const PAGE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(PAGE_SCRIPT).digest('base64')}'`;

declare module 'fastify' {
  interface FastifyInstance {
    /** A per-route limit: `max` requests a minute per client address, or per signed-in account. */
    limit(
      max: number,
      per?: 'ip' | 'account',
    ): { max: number; timeWindow: string; keyGenerator?: (request: FastifyRequest) => string };
  }
}

export interface SecurityOptions {
  redis: Redis | null;
  scale: number;
  /**
   * The origin of the merchant's own consent script for a request's host (branding.consentScriptUrl),
   * the one origin besides ours a page of that merchant may load a script from.
   */
  consentScriptOrigin?: (host: string) => string | undefined;
}

export default fp(async function security(app, opts: SecurityOptions) {
  app.decorate('limit', (max: number, per: 'ip' | 'account' = 'ip') => ({
    max: Math.max(1, Math.round(max * opts.scale)),
    timeWindow: '1 minute',
    // Per account where a session exists, so users behind one address do not block each other.
    ...(per === 'account'
      ? { keyGenerator: (request: FastifyRequest) => request.session?.profileId ?? request.ip }
      : {}),
  }));
  // Built once at start (@fastify/helmet rebuilt the middleware, parsing every directive, on each
  // request).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          PAGE_SCRIPT_HASH,
          // helmet calls this per response: another merchant's pages never allow that origin.
          (request) => opts.consentScriptOrigin?.(request.headers.host ?? '') ?? "'self'",
        ],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // HSTS only means something behind TLS; helmet sends it, browsers ignore it on http.
    strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // The headers depend on the request only through the merchant's consent script origin, so each
  // set is computed once (one per merchant at most) and copied onto every reply.
  const headerSets = new Map<string, Record<string, string>>();
  const headersFor = (host: string): Record<string, string> => {
    const key = opts.consentScriptOrigin?.(host) ?? '';
    let headers = headerSets.get(key);
    if (!headers) {
      const collected: Record<string, string> = {};
      const collector = {
        setHeader: (name: string, value: string | number) => {
          collected[name.toLowerCase()] = String(value);
        },
        removeHeader: () => undefined,
      };
      securityHeaders(
        { headers: { host } } as unknown as IncomingMessage,
        collector as unknown as ServerResponse,
        () => undefined,
      );
      headers = collected;
      headerSets.set(key, headers);
    }
    return headers;
  };
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headersFor(request.headers.host ?? ''));
    reply.header('x-request-id', request.id);
  });
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  await app.register(rateLimit, {
    global: true,
    // After the session is known, so per-account limits can key on it.
    hook: 'preHandler',
    max: Math.round(600 * opts.scale),
    timeWindow: '1 minute',
    // Shared across server processes when REDIS_URL is set; per process while Redis is down.
    ...(opts.redis
      ? {
          store: redisWithMemoryFallback(opts.redis, 'payee-portal-rl:', {
            onChange: (shared, error) =>
              shared
                ? app.log.warn('rate limits: Redis is back, counting shared again')
                : app.log.warn(
                    { err: error ? { type: error.name, message: error.message } : undefined },
                    'rate limits: Redis unavailable, counting per process',
                  ),
          }),
        }
      : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 429,
      message: `TooManyRequests: slow down; retry in ${Math.ceil(context.ttl / 1000)} s`,
    }),
  });
});
