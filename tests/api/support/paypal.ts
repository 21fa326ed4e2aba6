// Connecting PayPal as a person does, against the development simulator: the portal asks for the
// authorization URL, the person submits the simulated PayPal page, and the browser follows the
// return to the callback, whose token and user-info calls reach the simulator's endpoints.
import type { Browser } from './harness';

export interface PaypalReturn {
  /** Where the callback sent the browser: /paypal, or /paypal?error=<Name>. */
  location: string;
  /** The callback URL PayPal returned to (code and state), for replaying it. */
  callback: string;
}

/** The authorization URL the server hands the portal, read as the simulated page's fields. */
export async function startPaypal(browser: Browser): Promise<URL> {
  const started = await browser.api<{ url: string }>(
    'POST',
    '/payment-methods/paypal/authorization-url',
  );
  if (started.status !== 200)
    throw new Error(`authorization-url: ${started.status} ${JSON.stringify(started.body)}`);
  return new URL(started.body.data.url, 'http://localhost');
}

/** The person at (simulated) PayPal: types the email, agrees; the browser returns to the callback. */
export async function returnFromPaypal(
  browser: Browser,
  authorize: URL,
  email: string,
  { verified = true }: { verified?: boolean } = {},
): Promise<PaypalReturn> {
  const q = authorize.searchParams;
  const page = await browser.request('POST', authorize.pathname, {
    client_id: q.get('client_id'),
    redirect_uri: q.get('redirect_uri'),
    state: q.get('state'),
    email,
    ...(verified ? { verified: 'true' } : {}),
  });
  const callback = String(page.raw.headers.location ?? '');
  if (page.status !== 303 || !callback) throw new Error(`PayPal page: ${page.status}`);
  const returned = await browser.get(callback);
  return { location: String(returned.raw.headers.location ?? ''), callback };
}

/** The whole connection; answers where the browser ended up. */
export async function connectPaypal(
  browser: Browser,
  email: string,
  options: { verified?: boolean } = {},
): Promise<PaypalReturn> {
  return returnFromPaypal(browser, await startPaypal(browser), email, options);
}
