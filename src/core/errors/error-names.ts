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
 * A matcher of the stable name at the start of a message ("FourEyes: you wrote …" → FourEyes)
 * among the names of one list: the portal's (below) or the rules console's
 * (src/web/console/error-names.ts). Undefined for a name not in the list.
 */
export function errorNameMatcher<Name extends string>(
  names: readonly Name[],
): (message: unknown) => Name | undefined {
  const known: ReadonlySet<string> = new Set(names);
  return (message) => {
    if (typeof message !== 'string') return undefined;
    const name = /^([A-Z][A-Za-z]+)(?::|$)/.exec(message)?.[1];
    return name !== undefined && known.has(name) ? (name as Name) : undefined;
  };
}

const apiErrorNameOf = errorNameMatcher(API_ERROR_NAMES);

/**
 * The stable name at the start of an API message ("DateOfBirthLocked: …" → DateOfBirthLocked;
 * the code dialog's "Wrong OTP" → WrongOtp), or undefined for a name the portal does not know.
 */
export function errorNameOf(message: unknown): ApiErrorName | undefined {
  if (typeof message === 'string' && message.startsWith('Wrong OTP')) return 'WrongOtp';
  return apiErrorNameOf(message);
}
