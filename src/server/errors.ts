// Errors the API answers with: {code, message[, errors]}. `code` is the HTTP status; `message`
// starts with a stable name the portal matches on (e.g. "AlreadyExists: ...", "Wrong OTP").
import type { FieldError } from '../core/validation/errors';

export interface ApiFieldError extends FieldError {
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: ApiFieldError[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string, errors?: ApiFieldError[]) =>
  new ApiError(400, message, errors);
export const unauthorized = (message = 'Unauthorized: sign in to continue') =>
  new ApiError(401, message);
export const forbidden = (message = 'Forbidden') => new ApiError(403, message);
export const notFound = (message = 'NotFound: no such resource') => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);
export const tooManyRequests = (message = 'TooManyRequests: try again later') =>
  new ApiError(429, message);
