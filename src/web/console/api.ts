// The console's own client of /master/console/v1: plain fetch, JSON in and out, the staff CSRF
// cookie echoed on every write. The console is a separate app from the portal, so it shares
// neither the portal's store nor its session handling.
import type {
  CheckFinding,
  ExampleResult,
  RuleChange,
  VersionStatus,
  VersionSummary,
} from '../../core/rules/console-types';
import type { ServedVariant } from '../../core/validation/precompiled';
import type { ApiFieldError } from '../../core/validation/errors';
import type { Locale } from '../../core/i18n/locales';
import { readCookie } from '../lib/cookies';
import { consoleErrorNameOf, type ConsoleErrorName } from './error-names';
import { texts } from './texts';
import type { PrecompiledModule } from '../../core/validation/precompiled';

export const CONSOLE_API = '/master/console/v1';
const STAFF_CSRF_COOKIE = 'STAFF-XSRF-TOKEN';

/** An error the API answered ({code, message, errors}); `errors` name fields by JSON pointer. */
export type { ApiFieldError };

/**
 * A refusal of the API, its message in the staff member's language: the sentence of its stable
 * name (error-names.ts), never the server's English after the name.
 */
export class ConsoleApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: readonly ApiFieldError[] = [],
    /** The refusal's stable name ("FourEyes"), when the console knows it. */
    readonly code?: ConsoleErrorName,
  ) {
    super(message);
    this.name = 'ConsoleApiError';
  }
}

/** What the console says for a refusal: its name's sentence, else the generic one. */
export function refusalText(message: unknown, params?: Record<string, unknown>): string {
  const name = consoleErrorNameOf(message);
  if (name === 'TooManyAttempts' && typeof params?.minutes === 'number')
    return texts.lockedFor(params.minutes);
  return texts.errors[name ?? 'generic'];
}

/** The message of anything thrown by a call, for an alert. */
export const errorText = (error: unknown): string =>
  error instanceof ConsoleApiError ? error.message : texts.errors.generic;

export async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const write = method !== 'GET';
  const csrf = write ? readCookie(STAFF_CSRF_COOKIE) : undefined;
  let response: Response;
  try {
    response = await fetch(`${CONSOLE_API}${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(csrf ? { 'x-csrf-token': csrf } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  } catch {
    throw new ConsoleApiError(0, texts.unreachable);
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const failure = (json ?? {}) as {
      message?: string;
      errors?: ApiFieldError[];
      params?: Record<string, unknown>;
    };
    throw new ConsoleApiError(
      response.status,
      failure.message === undefined
        ? texts.serverAnswered(response.status)
        : refusalText(failure.message, failure.params),
      failure.errors ?? [],
      consoleErrorNameOf(failure.message),
    );
  }
  return (json as { data: T }).data;
}

export type StaffRole = 'editor' | 'approver';
export interface StaffMember {
  id: string;
  email: string;
  role: StaffRole;
  /** The language they chose for the console; null until they choose one. */
  language: Locale | null;
}

export type SignInOutcome =
  { outcome: 'signed-in'; staff: StaffMember } | { outcome: 'refused'; staff: null };

/** An authenticator being added: shown to its owner only, until a code of it confirms it. */
export interface NewAuthenticator {
  email: string;
  role: StaffRole;
  otpauthUri: string;
  secret: string;
}

export interface CountrySummary {
  country: string;
  name: string;
  /** Whether the country has a rule file of its own now (else it follows a shared rule). */
  file: boolean;
  publishedVersion: number | null;
  drafts: number;
  lastChange: { action: string; by: string; at: string } | null;
}

export type { CheckFinding, ExampleResult, RuleChange, VersionStatus, VersionSummary };

export type RuleFile = Record<string, unknown>;

export interface CountryRulesNow {
  country: string;
  /** The file's name, or the country's English name when it has no file. */
  name: string;
  rulesVersion: number;
  publishedVersion: number | null;
  /** Its own rule file; null: none (it follows `governedBy`). */
  rules: RuleFile | null;
  /** The rule file that governs the country: its own, `_default` or a shared rule listing it. */
  governedBy: string;
}

/** The shapes a new country's file starts from (src/core/rules/country-templates.ts). */
export const COUNTRY_TEMPLATES = ['iban', 'wire', 'clearing'] as const;
export type CountryTemplate = (typeof COUNTRY_TEMPLATES)[number];
export const isTemplate = (value: unknown): value is CountryTemplate =>
  (COUNTRY_TEMPLATES as readonly unknown[]).includes(value);

export interface VersionDetail extends VersionSummary {
  /** The country's version published now (null = its file): what an approval is given against. */
  publishedVersion: number | null;
  /** Null: the version retires the country's file (or, as a seed, says it had none). */
  rules: RuleFile | null;
  changes: RuleChange[];
  examples: ExampleResult[];
  /** The rules check's findings in English; `findings`: the same as codes, said by the console. */
  problems: string[];
  findings: CheckFinding[];
}

/** A composed form of the draft (one per transfer method, and the address), as a module URL. */
export type PreviewVariant = ServedVariant;

export interface Preview {
  problems: string[];
  findings: CheckFinding[];
  examples: ExampleResult[];
  changes: RuleChange[];
  variants: PreviewVariant[];
}

export const consoleApi = {
  session: () => call<StaffMember>('GET', '/session'),
  /** Who is signed in, or null: asked when the console opens, without a 401 when signed out. */
  whoAmI: () => call<StaffMember | null>('GET', '/whoami'),
  /**
   * A sign-in attempt and its outcome: wrong credentials are an answer (`refused`), not a failed
   * request the browser would log; a locked account is still refused (429, 423).
   */
  signIn: (body: { email: string; password: string; code: string }) =>
    call<SignInOutcome>('POST', '/sign-in-attempts', body),
  signOut: () => call<{ signedOut: true }>('DELETE', '/session'),
  /** At an enrolment link: the account and its new authenticator. */
  enrolmentAuthenticator: (token: string) =>
    call<NewAuthenticator>('POST', '/enrolment/authenticator', { token }),
  /** Completes the enrolment; signed in afterwards. */
  enrol: (body: { token: string; password: string; code: string }) =>
    call<StaffMember>('POST', '/enrolment', body),
  changePassword: (body: { currentPassword: string; code: string; newPassword: string }) =>
    call<{ otherSessionsEnded: number }>('POST', '/account/password', body),
  newAuthenticator: () => call<NewAuthenticator>('POST', '/account/authenticator/new'),
  changeAuthenticator: (body: { password: string; code: string; newCode: string }) =>
    call<{ otherSessionsEnded: number }>('POST', '/account/authenticator', body),
  /** Keeps the staff member's language for the console. */
  chooseLanguage: (language: Locale) =>
    call<{ language: Locale }>('PUT', '/account/language', { language }),
  countries: () => call<CountrySummary[]>('GET', '/countries'),
  country: (country: string) => call<CountryRulesNow>('GET', `/countries/${country}`),
  versions: (country: string) => call<VersionSummary[]>('GET', `/countries/${country}/versions`),
  version: (id: number) => call<VersionDetail>('GET', `/versions/${id}`),
  /** `baseVersion`: the country's published version the editor started from (null = its file). */
  saveDraft: (country: string, rules: RuleFile, baseVersion?: number | null) =>
    call<VersionSummary>('POST', `/countries/${country}/drafts`, {
      rules,
      ...(baseVersion !== undefined ? { baseVersion } : {}),
    }),
  /** A new country's file made from a template (not saved). */
  template: (country: string, template: CountryTemplate) =>
    call<RuleFile>('GET', `/countries/${country}/templates/${template}`),
  /** A draft that retires the country's own file (back to the shared rules). */
  retire: (country: string, baseVersion: number | null) =>
    call<VersionSummary>('POST', `/countries/${country}/retirement`, { baseVersion }),
  preview: (country: string, rules: RuleFile) =>
    call<Preview>('POST', `/countries/${country}/preview`, { rules }),
  editorSchema: () => call<{ url: string }>('GET', '/editor-schema'),
  /** `baseVersion`: the country's published version the changes were shown against. */
  approve: (id: number, comment?: string, baseVersion?: number | null) =>
    call<VersionSummary>('POST', `/versions/${id}/approve`, {
      ...(comment ? { comment } : {}),
      ...(baseVersion !== undefined ? { baseVersion } : {}),
    }),
  sendBack: (id: number, comment: string) =>
    call<VersionSummary>('POST', `/versions/${id}/send-back`, { comment }),
  publish: (id: number) => call<VersionSummary>('POST', `/versions/${id}/publish`),
  restore: (id: number) => call<VersionSummary>('POST', `/versions/${id}/restore`),
};

export type { PrecompiledModule };
