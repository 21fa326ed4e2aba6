// The stable names the console API's refusals start with ("FourEyes: you wrote version 12; …"):
// the console says each in the staff member's language (texts.errors) and never shows the English
// after the name. tests/web/console/error-names.test.ts finds every name the console's server
// code throws and fails when one is missing here.
import { errorNameMatcher } from '../../core/errors/error-names';

export const CONSOLE_ERROR_NAMES = [
  // Sessions, access and load
  'Unauthorized',
  'Forbidden',
  'CsrfTokenMissing',
  'TooManyRequests',
  'TooManyAttempts',
  'Locked',
  'ServiceUnavailable',
  'ServiceBusy',
  'InternalError',
  'NotFound',
  'ValidationError',
  // Staff accounts
  'AlreadyExists',
  'Disabled',
  'EnrolmentLinkInvalid',
  'WeakPassword',
  'WrongCredentials',
  'AuthenticatorChanged',
  'AuthenticatorNotStarted',
  'CodeWrong',
  'ImportAuthorMissing',
  'ImportAuthorUnknown',
  // Rules, drafts and review
  'CountryMissing',
  'CountryHasFile',
  'NothingToRetire',
  'SharedRuleKept',
  'IbanUnknown',
  'VersionMissing',
  'RulesInvalid',
  'RulesTooLarge',
  'TooManyPatterns',
  'RulesCheckTimedOut',
  'RulesChecksBusy',
  'ChecksInProgress',
  'DraftBaseMoved',
  'CommentRequired',
  'FourEyes',
  'NotADraft',
  'NotApproved',
  'NotPublished',
  'PublishRaced',
  'PublishRefused',
] as const;

export type ConsoleErrorName = (typeof CONSOLE_ERROR_NAMES)[number];

/** The stable name at the start of a refusal's message, or undefined for one the console lacks. */
export const consoleErrorNameOf = errorNameMatcher(CONSOLE_ERROR_NAMES);
