// Errors the API answers with: {code, message[, errors][, params]}. `code` is the HTTP status;
// `message` starts with a stable name the portal matches on (e.g. "AlreadyExists: ...", "Wrong
// OTP"; every one listed in src/core/errors/error-names.ts) and renders in the person's language as
// `errors.<Name>`, with `params` as the sentence's values. The text after the name is for developers.
import type { ApiFieldError } from '../core/validation/errors';

export type { ApiFieldError };

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: ApiFieldError[],
    /** Values of the portal's sentence for this error (errors.<Name> in locales). */
    readonly params?: Record<string, string | number>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (
  message: string,
  errors?: ApiFieldError[],
  params?: Record<string, string | number>,
) => new ApiError(400, message, errors, params);
export const unauthorized = (message = 'Unauthorized: sign in to continue') =>
  new ApiError(401, message);
export const forbidden = (message = 'Forbidden') => new ApiError(403, message);
export const notFound = (message = 'NotFound: no such resource') => new ApiError(404, message);
export const conflict = (message: string, params?: Record<string, string | number>) =>
  new ApiError(409, message, undefined, params);
export const tooManyRequests = (message = 'TooManyRequests: try again later') =>
  new ApiError(429, message);

/** Seconds a client should wait before retrying while a dependency is down (Retry-After). */
export const RETRY_AFTER_SECONDS = 5;

export const serviceUnavailable = (
  message = 'ServiceUnavailable: the database cannot be reached; retry shortly',
) => new ApiError(503, message);

/** Too much password work at once (a burst of sign-ins): retryable, like an outage. */
export const serviceBusy = () =>
  new ApiError(503, 'ServiceBusy: many people are signing in right now; retry in a few seconds');

// Errors the database layer saw as "the connection failed" but that carry no code of their own
// (pg's pool checkout timeout, a connection that ended mid-query): db/client.ts marks them here.
const unavailableErrors = new WeakSet<object>();

export function markDatabaseUnavailable<E>(error: E): E {
  if (typeof error === 'object' && error !== null) unavailableErrors.add(error);
  return error;
}

/** Socket errors: the server is not there, the connection broke, or it did not answer in time. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNABORTED',
]);

/**
 * SQLSTATEs that say "the database cannot serve now, try again": admin/crash shutdown, cannot
 * connect now (starting up or in recovery), too many connections, a statement cancelled by our own
 * statement_timeout. Class 08 (connection exception) is matched as a class.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/**
 * node-postgres errors without a code that still mean the connection is gone: a transaction's next
 * query on a client whose connection broke, a client closed under it, or the socket ending.
 */
const LOST_CONNECTION_MESSAGES = [
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Connection terminated',
  'timeout expired',
  'Query read timeout',
];

/**
 * True when an error (or one of its causes: drizzle wraps the driver's error) means the database
 * could not be reached or dropped the connection, so the request may succeed if retried.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    if (unavailableErrors.has(current)) return true;
    const message = (current as { message?: unknown }).message;
    if (
      current instanceof Error &&
      typeof message === 'string' &&
      (current as { code?: unknown }).code === undefined &&
      LOST_CONNECTION_MESSAGES.some((m) => message.startsWith(m))
    )
      return true;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
      if (/^08[0-9A-Z]{3}$/.test(code)) return true;
    }
    // AggregateError: Node's connect tries each address (IPv4 and IPv6) and reports them all.
    const inner = (current as { errors?: unknown }).errors;
    if (Array.isArray(inner) && inner.some((e) => isDatabaseUnavailable(e))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
