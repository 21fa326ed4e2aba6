// The stable names the API's error messages start with ("DateOfBirthLocked: the date of birth of a
// minor…"): the server writes them, the portal shows `errors.<Name>` of locales/*/common.json in
// the person's language and never the English text after the name. Every name a portal call can
// answer is listed here; tests/unit/core/error-names.test.ts finds each one the server throws.

export const API_ERROR_NAMES = [
  // Sessions, access and load
  'Unauthorized',
  'Forbidden',
  'CsrfTokenMissing',
  'AccessCodeRequired',
  'ProfileBlocked',
  'TooManyRequests',
  'TooManyAttempts',
  'ServiceUnavailable',
  'ServiceBusy',
  'InternalError',
  'NotFound',
  'ValidationError',
  // Registration, invitations and codes
  'AlreadyExists',
  'TokenNotFound',
  'TokenExpired',
  'WrongOtp',
  // The profile
  'ProfileMissing',
  'ProfileNotEditable',
  'ProfileOnHold',
  'ProfileNotActivated',
  'ProfileIncomplete',
  'ProfileTypeLocked',
  'CompanyProfileDisabled',
  'DateOfBirthLocked',
  'IllegalStatusTransition',
  'PhoneNotFound',
  'ResidencyRequired',
  'DocumentsNotFound',
  'DocumentsNotExpected',
  'DocumentsAlreadyReviewed',
  // Deleting the account
  'AccountNotDeletable',
  'WrongPassword',
  'PasswordLocked',
  'AccountLocked',
  // Guardians
  'GuardianIsSelf',
  'GuardianNotActivated',
  'GuardianConsentRequired',
  'GuardianNotFound',
  'GuardianAlreadyConsented',
  'InvitationWithdrawn',
  'MinorNotFound',
  'NotAMinor',
  // Claims
  'ClaimNotFound',
  'ClaimNotAcceptable',
  'ClaimNotCancellable',
  'ExchangeRateStale',
  'UnsupportedCurrency',
  'CurrencyNotReceivable',
  // Payout methods
  'PaymentMethodNotFound',
  'PaymentMethodNotUsable',
  'PaymentMethodLocked',
  'PaymentTypeNotOffered',
  'MaxCountReached',
  'AddressRequired',
  'DebitCardIncomplete',
  'DebitCardNotEditable',
  'ZelleAlreadyVerified',
  'PaypalAuthorizationFailed',
  'PaypalStateMismatch',
  'PaypalStateReused',
  'PaypalEmailUnverified',
  'PaypalUnavailable',
] as const;

export type ApiErrorName = (typeof API_ERROR_NAMES)[number];

const NAMES: ReadonlySet<string> = new Set(API_ERROR_NAMES);

export const isApiErrorName = (name: unknown): name is ApiErrorName =>
  typeof name === 'string' && NAMES.has(name);

/**
 * The stable name at the start of an API message ("DateOfBirthLocked: …" → DateOfBirthLocked;
 * the code dialog's "Wrong OTP" → WrongOtp), or undefined for a name the portal does not know.
 */
export function errorNameOf(message: unknown): ApiErrorName | undefined {
  if (typeof message !== 'string') return undefined;
  if (message.startsWith('Wrong OTP')) return 'WrongOtp';
  const name = /^([A-Z][A-Za-z]+)(?::|$)/.exec(message)?.[1];
  return isApiErrorName(name) ? name : undefined;
}
