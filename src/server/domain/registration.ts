// The register form's extra email check (spec section 5): a registration for a claim must use the
// address the invitation was sent to; addresses differ only in case, so the check ignores it.
import type { ApiFieldError } from '../errors';

export const isInvitedEmail = (invited: string, given: string): boolean =>
  invited.trim().toLowerCase() === given.trim().toLowerCase();

/** The form-level error 'email' (path '' names the whole form, not one field). */
export const NOT_INVITED_EMAIL: ApiFieldError = {
  path: '',
  keyword: 'email',
  messageKey: 'email',
  params: {},
  message: 'Use the email address the invitation was sent to.',
};
