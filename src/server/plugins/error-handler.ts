// Every error leaves as {code, message[, errors]}; bad input is a 400, never a 500, a database
// that cannot be reached is a retryable 503, and internal details stay in the log.
import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import {
  ApiError,
  isDatabaseUnavailable,
  RETRY_AFTER_SECONDS,
  serviceUnavailable,
} from '../errors';

interface DatabaseErrorFields {
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
}

/**
 * What of an error may reach the log. A database error's message, detail and query parameters
 * hold personal data (drizzle's message repeats the query with its params; PostgreSQL's detail
 * repeats the offending value), so only its SQLSTATE and the names of what failed are kept.
 */
export function loggableError(error: Error): Record<string, unknown> {
  const cause = (error as { cause?: unknown }).cause;
  const database = [error, cause].find(
    (e): e is Error & DatabaseErrorFields =>
      typeof e === 'object' &&
      e !== null &&
      typeof (e as DatabaseErrorFields).code === 'string' &&
      /^[0-9A-Z]{5}$/.test((e as DatabaseErrorFields).code ?? ''),
  );
  const fromDrizzle = error.constructor?.name === 'DrizzleQueryError';
  if (!database && !fromDrizzle)
    return { type: error.name, message: error.message, stack: error.stack };
  return {
    type: 'DatabaseError',
    message: 'a database query failed',
    ...(database
      ? {
          sqlState: database.code,
          constraint: database.constraint,
          table: database.table,
          column: database.column,
          routine: database.routine,
        }
      : // A driver error under drizzle's (a lost connection, a protocol error) carries no query
        // data: its message says what went wrong.
        cause instanceof Error
        ? { cause: { type: cause.name, message: cause.message.slice(0, 200) } }
        : {}),
  };
}

/** The first socket error code in an error's cause chain (ECONNREFUSED, ...), for the log. */
function connectionCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export default fp(async function errorHandler(app) {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (!(error instanceof ApiError) && isDatabaseUnavailable(error)) {
      // Expected while PostgreSQL restarts: a warning with the error's code, not a stack per request.
      const { type, sqlState, message } = loggableError(error);
      const code = sqlState ?? connectionCode(error);
      request.log.warn({ err: { type, code, message } }, 'database unavailable');
      error = serviceUnavailable();
    }
    if (error instanceof ApiError) {
      // A client (or load balancer) may retry a 503 after this many seconds.
      if (error.statusCode === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply.status(error.statusCode).send({
        code: error.statusCode,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
        ...(error.params ? { params: error.params } : {}),
      });
    }
    // A unique constraint lost to a concurrent request: the same answer the pre-check gives.
    const cause = (error as { cause?: { code?: string } }).cause;
    if (cause?.code === '23505') {
      return reply
        .status(409)
        .send({ code: 409, message: 'AlreadyExists: this was just created by another request' });
    }
    const status = error.statusCode ?? 500;
    if (error.validation) {
      const errors = error.validation.map((v) => ({
        path:
          (v.instancePath || '/') +
          (v.params?.missingProperty ? `/${String(v.params.missingProperty)}` : '') +
          (v.params?.additionalProperty ? `/${String(v.params.additionalProperty)}` : ''),
        keyword: v.keyword,
        messageKey: v.keyword,
        message: v.message ?? 'is invalid',
      }));
      return reply
        .status(400)
        .send({ code: 400, message: `ValidationError: ${error.message}`, errors });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type, ...
      return reply.status(status).send({ code: status, message: error.message });
    }
    request.log.error({ err: loggableError(error) }, 'unhandled error');
    return reply
      .status(500)
      .send({ code: 500, message: 'InternalError: something went wrong on our side' });
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send({ code: 404, message: `NotFound: ${request.method} ${request.url.split('?')[0]}` }),
  );
});
