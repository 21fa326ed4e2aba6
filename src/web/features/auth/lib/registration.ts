// The register form's rules in the browser and what its failures mean (spec sections 5 and 8):
// the precompiled `register` validator plus the merchant's additional agreements, which errors show
// while the user types, and how a failed registration is told to the user.
import type { FormData, ServerFieldError } from '../../../components/schema-form';
import type { JsonSchema } from '../../../../core/schemas/json-schema';
import { toFieldErrors, type FieldError } from '../../../../core/validation/errors';
import type { PrecompiledModule } from '../../../../core/validation/precompiled';

/** Every rule the register form breaks; [] when it may be sent. */
export function registerErrors(
  variant: PrecompiledModule,
  data: FormData,
  agreementsRequired: boolean,
): FieldError[] {
  const errors = variant.validate(data)
    ? []
    : toFieldErrors(variant.validate.errors, variant.schema as JsonSchema);
  // The schema cannot know the merchant: its additional agreements are required here (and by the API).
  if (agreementsRequired && data.additionalAgreementsAccepted !== true) {
    errors.push({
      path: '/additionalAgreementsAccepted',
      keyword: 'required',
      messageKey: 'mustAccept',
      params: {},
    });
  }
  return errors;
}

/** The field an input belongs to, from RJSF's ids: root_password, root_preferredContact-0. */
export const fieldOfInputId = (id: string): string | null =>
  /^root_([A-Za-z]+)/.exec(id)?.[1] ?? null;

const fieldOf = (path: string): string => path.split('/')[1] ?? '';

/**
 * The errors shown before any submit (the button stays disabled while there are any): a field's
 * errors once the user has left it, and the password-equals-email rule at once (checked on each
 * key-up). Untouched empty fields stay quiet.
 */
export function liveErrors(
  errors: readonly FieldError[],
  touched: ReadonlySet<string>,
): ServerFieldError[] {
  return errors
    .filter((e) => touched.has(fieldOf(e.path)) || e.keyword === 'isSameValue')
    .map((e) => ({ ...e, message: e.messageKey }));
}

/** What a failed registration tells the user. */
export type RegisterFailure =
  | { kind: 'alreadyExists' }
  | { kind: 'notInvitedEmail' }
  | { kind: 'tokenNotFound' }
  /** Any other refusal: its sentence is errors.<Name> of the answer (lib/api-error), never its text. */
  | { kind: 'server'; error: unknown };

/** RTK Query's error: the HTTP status and the API's body {code, message, errors?}. */
const partsOf = (failure: unknown): { status?: unknown; body: Record<string, unknown> } => {
  const { status, data } = (failure && typeof failure === 'object' ? failure : {}) as {
    status?: unknown;
    data?: unknown;
  };
  return {
    status,
    body: data && typeof data === 'object' ? (data as Record<string, unknown>) : {},
  };
};

/**
 * For a claim, a message containing AlreadyExists is the 'already exists' error; by token, HTTP 404
 * is 'token not found'. Anything else is told from the answer's stable name, in the user's language.
 */
export function registerFailure(failure: unknown, path: 'claim' | 'token'): RegisterFailure {
  const { status, body } = partsOf(failure);
  const message = typeof body.message === 'string' && body.message ? body.message : null;
  if (path === 'claim' && message?.includes('AlreadyExists')) return { kind: 'alreadyExists' };
  // The extra email check's form-level error 'email' (path '' is the whole form).
  if (fieldErrorsOf(failure).some((e) => e.path === '' && e.keyword === 'email'))
    return { kind: 'notInvitedEmail' };
  if (path === 'token' && status === 404) return { kind: 'tokenNotFound' };
  return { kind: 'server', error: failure };
}

/** The field errors of a 400 answer, [] when it has none. */
export function fieldErrorsOf(failure: unknown): ServerFieldError[] {
  const { errors } = partsOf(failure).body;
  return Array.isArray(errors)
    ? errors.filter(
        (e): e is ServerFieldError =>
          !!e && typeof e === 'object' && typeof (e as { path?: unknown }).path === 'string',
      )
    : [];
}
