// The one RTK Query API of the portal. Base /master; responses unwrap {data}; 30 s timeout unless a
// request sets the `timeout` header; on 401 the session is refreshed through the login page path and
// the request retried once, else the user goes to /auth/login. Features inject their endpoints.
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { readCookie } from './cookies';
import { navigateTo } from './navigation';
import { rulesVersionInUse } from './rules-version';

export const API_BASE = '/master';
export const DEFAULT_TIMEOUT_MS = 30_000;
export const TIMEOUT_HEADER = 'timeout';

/** The login page path of the loaded configuration (set by the configuration feature). */
let loginPagePath: string | null = null;
export const setLoginPagePath = (path: string): void => {
  loginPagePath = path;
};
export const getLoginPagePath = (): string | null => loginPagePath;

// Absolute, so the same code runs in the browser and under Node's fetch in tests.
const origin = () => (typeof window === 'undefined' ? '' : window.location.origin);

const rawBaseQuery = fetchBaseQuery({
  baseUrl: `${origin()}${API_BASE}`,
  credentials: 'same-origin',
  prepareHeaders: (headers, { type }) => {
    const csrf = readCookie('XSRF-TOKEN');
    if (csrf && type === 'mutation') headers.set('x-csrf-token', csrf);
    headers.set('accept', 'application/json');
    // The rules version this tab's forms were validated with: within its grace period the API
    // validates the submission with it, so rules published meanwhile never lose what was typed.
    const rulesVersion = rulesVersionInUse();
    if (rulesVersion !== null && type === 'mutation')
      headers.set('x-rules-version', String(rulesVersion));
    return headers;
  },
});

/** A request's timeout: the `timeout` header when given (and then not sent), else 30 s. */
function withTimeout(args: string | FetchArgs): { args: string | FetchArgs; timeout: number } {
  if (typeof args === 'string' || !args.headers) return { args, timeout: DEFAULT_TIMEOUT_MS };
  const headers = new Headers(args.headers as HeadersInit);
  const requested = Number(headers.get(TIMEOUT_HEADER));
  headers.delete(TIMEOUT_HEADER);
  return { args: { ...args, headers }, timeout: requested > 0 ? requested : DEFAULT_TIMEOUT_MS };
}

/** GET the login page path: refreshes the server session. */
export async function refreshSession(): Promise<boolean> {
  if (!loginPagePath) return false;
  try {
    const response = await fetch(`${origin()}${loginPagePath}`, {
      credentials: 'same-origin',
      headers: { accept: 'text/plain' },
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** Endpoints whose failures the global error rule leaves to their caller (no error modal). */
// lookupBic only suggests a BIC: when it fails the user types the BIC, with no error shown.
export const QUIET_ENDPOINTS: ReadonlySet<string> = new Set([
  'reloadProfile',
  'lookupBic',
  // The chosen language shows at once; failing to store it is no reason for an error modal.
  'storePreferredLanguage',
]);

/** Requests that answer 401 without sending the user to sign in (the login gate handles them). */
const SILENT_401 = new Set(['getPrincipal', 'getProfileStatus']);
/**
 * Background polls: a 401 does not refresh the session, so polling alone never keeps an abandoned
 * tab's session alive (the keepalive refreshes it while the user is active).
 */
const PASSIVE = new Set(['getProfileStatus']);

/**
 * The server sets the readable XSRF-TOKEN cookie with every session. Without it this browser has
 * no session, so the "who is signed in" question is answered here as the server would (401),
 * and a visitor of a public page sees no failing call.
 */
const ANONYMOUS_WITHOUT_CSRF = new Set(['getPrincipal']);
const ANONYMOUS: { error: FetchBaseQueryError } = {
  error: { status: 401, data: { code: 401, message: 'Unauthorized' } },
};

export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  input,
  api,
  extra,
) => {
  if (ANONYMOUS_WITHOUT_CSRF.has(api.endpoint) && !readCookie('XSRF-TOKEN')) return ANONYMOUS;
  const { args, timeout } = withTimeout(input);
  const run = () =>
    rawBaseQuery(typeof args === 'string' ? args : { ...args, timeout }, api, extra);
  let result = await run();
  if (result.error?.status === 401 && !PASSIVE.has(api.endpoint)) {
    const refreshed = await refreshSession();
    if (refreshed) result = await run();
    if (result.error?.status === 401 && !SILENT_401.has(api.endpoint)) navigateTo('/auth/login');
  }
  if (result.error) return { error: result.error };
  const body = result.data as { data?: unknown } | undefined;
  return {
    data: body && typeof body === 'object' && 'data' in body ? body.data : body,
    meta: result.meta,
  };
};

export const TAGS = [
  'Configuration',
  'Principal',
  'Profile',
  'ProfileStatus',
  'Claims',
  'PaymentMethods',
  'PaymentTypes',
  'Token',
] as const;

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAGS,
  endpoints: () => ({}),
});
