// The global error rule (spec section 8): 400, 404, 409, 410 (an expired invitation, which its page
// explains), errors from the login path and a 403 on the user load (the route guard signs the user
// out, spec section 8) are ignored;
// other HTTP errors open the server-error modal; non-HTTP errors the client-error modal, except on
// the maintenance page. 401 is handled by the API layer (refresh and retry).
import { isRejectedWithValue, type Middleware } from '@reduxjs/toolkit';
import { QUIET_ENDPOINTS } from '../lib/api';
import { navigateTo } from '../lib/navigation';
import { showErrorModal } from '../lib/ui-slice';

const IGNORED = new Set([400, 401, 404, 409, 410]);
/**
 * 403s the portal answers itself: the merchant's access code not entered yet (go and enter it), and
 * a blocked account (the status poll takes the user to the account-blocked page).
 */
const HANDLED_403 = ['AccessCodeRequired', 'ProfileBlocked'];
/** The user load: its 403 signs the user out (the route guard, spec section 8), with no modal. */
const USER_LOAD = 'getProfile';

const messageOf = (error: unknown): string => {
  const data = error && typeof error === 'object' ? (error as { data?: unknown }).data : undefined;
  const message = data && typeof data === 'object' ? (data as { message?: unknown }).message : '';
  return typeof message === 'string' ? message : '';
};
const NON_HTTP = new Set(['FETCH_ERROR', 'TIMEOUT_ERROR', 'PARSING_ERROR', 'CUSTOM_ERROR']);

export type ErrorClass = 'ignore' | 'server' | 'client';

export function classifyError(
  error: { status?: unknown } | undefined,
  context: { url?: string; pathname: string; loginPagePath?: string | null; endpointName?: string },
): ErrorClass {
  if (!error) return 'ignore';
  if (error.status === 403 && context.endpointName === USER_LOAD) return 'ignore';
  if (context.loginPagePath && context.url?.startsWith(context.loginPagePath)) return 'ignore';
  if (error.status === 403 && HANDLED_403.some((code) => messageOf(error).startsWith(code)))
    return 'ignore';
  if (typeof error.status === 'number') return IGNORED.has(error.status) ? 'ignore' : 'server';
  if (typeof error.status === 'string' && NON_HTTP.has(error.status)) {
    return context.pathname.startsWith('/maintenance') ? 'ignore' : 'client';
  }
  return 'ignore';
}

/**
 * Opens the error modal a failed request calls for. A plain middleware: RTK's listener middleware
 * would add ~2 KB gzipped to every signed-in page for this one matcher.
 */
export const errorMiddleware: Middleware = (api) => (next) => (action) => {
  const result = next(action);
  if (!isRejectedWithValue(action)) return result;
  const payload = action.payload as { status?: unknown } | undefined;
  const meta = action.meta as
    { baseQueryMeta?: { request?: Request }; arg?: { endpointName?: string } } | undefined;
  const endpointName = meta?.arg?.endpointName ?? '';
  if (QUIET_ENDPOINTS.has(endpointName)) return result;
  const verdict = classifyError(payload, {
    url: meta?.baseQueryMeta?.request?.url,
    pathname: window.location.pathname,
    endpointName,
  });
  if (verdict !== 'ignore') api.dispatch(showErrorModal(verdict));
  else if (messageOf(payload).startsWith('AccessCodeRequired'))
    navigateTo('/registration/verify-account');
  return result;
};
