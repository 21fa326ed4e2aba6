// Log in with PayPal (Connect with PayPal): the OAuth 2.0 authorization-code flow of PayPal's
// Identity API. The browser goes to the authorize page with our client id, the scopes for the email
// and the account attributes, the return URL and a state; PayPal returns to the callback with a
// code, exchanged at the token endpoint (HTTP Basic client id:secret); the user-info endpoint
// (schema paypalv1.1) names the account's emails and whether the account is verified. The same
// client talks to PayPal (sandbox or live, config.ts) or to the development simulator on this
// server (routes/paypal-sim), so the tests run this code.
import { ApiError, badRequest } from '../errors';

/** openid, the email address, and the account attributes (verified account, payer id). */
export const PAYPAL_SCOPES = 'openid email https://uri.paypal.com/services/paypalattributes';
/** Where PayPal returns the browser (registered as the app's Return URL, on each portal host). */
export const PAYPAL_CALLBACK_PATH = '/master/funnel/v1/payment-methods/paypal/callback';
/** A PayPal call that takes longer fails: the person is waiting on a redirect. */
const TIMEOUT_MS = 10_000;

export interface PaypalAccount {
  /** The account's primary, confirmed email. */
  email: string;
  payerId: string | null;
}

export interface PaypalEndpoints {
  clientId: string;
  clientSecret: string;
  /** The authorize page (absolute, or a path on this server for the simulator). */
  authorizeUrl: string;
  /** The REST API's origin; a function when it is this server's own address, known once listening. */
  apiUrl: string | (() => string);
}

export interface PaypalClient {
  /** True when the development simulator answers instead of PayPal. */
  readonly simulated: boolean;
  authorizationUrl(redirectUri: string, state: string): string;
  /**
   * Exchanges the code for an access token and reads the account; refuses an account whose
   * email is not confirmed or that PayPal does not call verified.
   */
  account(code: string, redirectUri: string): Promise<PaypalAccount>;
}

export const paypalAuthorizationFailed = () =>
  badRequest('PaypalAuthorizationFailed: PayPal did not accept the authorization; connect again');
const unavailable = () =>
  new ApiError(503, 'PaypalUnavailable: PayPal did not answer; try again in a few minutes');
const unverified = () =>
  badRequest('PaypalEmailUnverified: the PayPal account has no confirmed email or is not verified');

interface TokenAnswer {
  access_token?: unknown;
  token_type?: unknown;
}

/** paypalv1.1: `emails` with `primary` and `confirmed`; `verified_account` a boolean or "true". */
interface UserInfo {
  payer_id?: unknown;
  emails?: unknown;
  verified_account?: unknown;
}

interface EmailEntry {
  value?: unknown;
  primary?: unknown;
  confirmed?: unknown;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const yes = (value: unknown): boolean => value === true || value === 'true';

/** The primary confirmed email of a verified account, or null. */
export function verifiedEmail(info: UserInfo): string | null {
  if (!yes(info.verified_account) || !Array.isArray(info.emails)) return null;
  const emails = info.emails as EmailEntry[];
  const chosen = emails.find((e) => yes(e.primary)) ?? (emails.length === 1 ? emails[0] : null);
  if (!chosen || !yes(chosen.confirmed) || typeof chosen.value !== 'string') return null;
  const email = chosen.value.trim();
  return email.length <= 254 && EMAIL.test(email) ? email : null;
}

export function createPaypalClient(
  endpoints: PaypalEndpoints,
  options: { simulated?: boolean; fetch?: typeof fetch } = {},
): PaypalClient {
  const send = options.fetch ?? fetch;
  const api = () =>
    typeof endpoints.apiUrl === 'function' ? endpoints.apiUrl() : endpoints.apiUrl;

  /** One call to PayPal: a network failure, a timeout or a 5xx is "PayPal did not answer". */
  async function call(path: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      response = await send(`${api()}${path}`, {
        ...init,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw unavailable();
    }
    if (response.status >= 500) throw unavailable();
    try {
      return { status: response.status, body: await response.json() };
    } catch {
      throw unavailable();
    }
  }

  return {
    simulated: options.simulated === true,
    authorizationUrl(redirectUri, state) {
      const query = new URLSearchParams({
        client_id: endpoints.clientId,
        response_type: 'code',
        scope: PAYPAL_SCOPES,
        redirect_uri: redirectUri,
        state,
      });
      return `${endpoints.authorizeUrl}?${query.toString()}`;
    },
    async account(code, redirectUri) {
      const basic = Buffer.from(`${endpoints.clientId}:${endpoints.clientSecret}`).toString(
        'base64',
      );
      const token = await call('/v1/oauth2/token', {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
        }).toString(),
      });
      const { access_token: accessToken } = (token.body ?? {}) as TokenAnswer;
      // invalid_grant (a used, expired or forged code), invalid_client: the connection failed.
      if (token.status !== 200 || typeof accessToken !== 'string' || !accessToken)
        throw paypalAuthorizationFailed();
      const info = await call('/v1/identity/oauth2/userinfo?schema=paypalv1.1', {
        method: 'GET',
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      });
      if (info.status !== 200 || !info.body || typeof info.body !== 'object')
        throw paypalAuthorizationFailed();
      const email = verifiedEmail(info.body as UserInfo);
      if (!email) throw unverified();
      const payerId = (info.body as UserInfo).payer_id;
      return { email, payerId: typeof payerId === 'string' ? payerId : null };
    },
  };
}
