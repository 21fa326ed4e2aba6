// The API's 400 answer carries field errors with JSON pointers into the PATCH body
// ('/person/firstName', '/addresses/0/zipCode'); each form shows those under its own part.
import type { ServerFieldError } from '../components/schema-form/index';

/** The field errors of a failed request, [] when it has none. */
export function fieldErrorsOf(failure: unknown): ServerFieldError[] {
  if (!failure || typeof failure !== 'object' || !('data' in failure)) return [];
  const data = (failure as { data?: unknown }).data;
  const errors = data && typeof data === 'object' ? (data as { errors?: unknown }).errors : null;
  return Array.isArray(errors)
    ? errors.filter(
        (e): e is ServerFieldError =>
          !!e && typeof e === 'object' && typeof (e as { path?: unknown }).path === 'string',
      )
    : [];
}

/** The errors under a body part ('/person', '/addresses/0'), with paths relative to that part. */
export function errorsUnder(
  errors: readonly ServerFieldError[],
  prefix: string,
): ServerFieldError[] {
  return errors
    .filter((e) => e.path.startsWith(`${prefix}/`))
    .map((e) => ({ ...e, path: e.path.slice(prefix.length) }));
}
