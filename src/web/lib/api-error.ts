// A failed API call as the portal shows it: the stable name its message starts with, the values of
// its sentence and its field errors. The sentence is `errors.<Name>` in the person's language; the
// English text after the name is for developers and never reaches the screen (issue 28).
import type { TFunction } from 'i18next';
import { errorNameOf, type ApiErrorName } from '../../core/errors/error-names';
import type { ApiFieldError } from '../../core/validation/errors';

export type { ApiFieldError };

export interface ApiFailure {
  /** The HTTP status, or RTK Query's string status (FETCH_ERROR, TIMEOUT_ERROR, ...). */
  status: number | string | undefined;
  /** The stable name, when the portal knows it. */
  name: ApiErrorName | undefined;
  /** Values for the sentence (the API's `params`). */
  params: Record<string, unknown>;
  fields: ApiFieldError[];
}

const isFieldError = (e: unknown): e is ApiFieldError =>
  !!e && typeof e === 'object' && typeof (e as { path?: unknown }).path === 'string';

/** Reads RTK Query's error ({status, data: {code, message, errors?, params?}}). */
export function readApiError(error: unknown): ApiFailure {
  const { status, data } = (error && typeof error === 'object' ? error : {}) as {
    status?: unknown;
    data?: unknown;
  };
  const body = (data && typeof data === 'object' ? data : {}) as {
    message?: unknown;
    errors?: unknown;
    params?: unknown;
  };
  const params =
    body.params && typeof body.params === 'object' ? (body.params as Record<string, unknown>) : {};
  return {
    status: typeof status === 'number' || typeof status === 'string' ? status : undefined,
    name: errorNameOf(body.message),
    params,
    fields: Array.isArray(body.errors) ? body.errors.filter(isFieldError) : [],
  };
}

/**
 * The failure as one sentence in the current language: `errors.<Name>` with the API's params, else
 * the translated fallback (a screen's own "could not save", or the generic error).
 */
export function errorText(
  error: unknown,
  t: TFunction,
  fallbackKey: string = 'errors.generic',
): string {
  const { name, params } = readApiError(error);
  const fallback = t(fallbackKey);
  return name ? t(`errors.${name}`, { ...params, defaultValue: fallback }) : fallback;
}
