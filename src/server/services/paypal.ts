// PayPal behind an interface: the portal sends the user to a connect page, which returns an
// authorization code; the server exchanges the code for the PayPal account. The embedded default
// simulates the connect page (/master/paypal-sim/connect) and the exchange; a real client would
// call PayPal's identity API (Log in with PayPal) here.
import { badRequest } from '../errors';

export interface PaypalAccount {
  email: string;
  payerId: string;
}

export interface PaypalClient {
  /** Where the browser goes to connect an account; PayPal redirects back with ?code=&state=. */
  connectUrl(returnTo: string, state: string): string;
  exchange(authorizationCode: string): Promise<PaypalAccount>;
}

const PREFIX = 'SIM-';

export const simulatedPaypal: PaypalClient = {
  connectUrl: (returnTo, state) =>
    `/master/paypal-sim/connect?${new URLSearchParams({ redirect_uri: returnTo, state }).toString()}`,
  async exchange(code) {
    if (!code.startsWith(PREFIX)) throw invalidCode();
    let email: string;
    try {
      email = Buffer.from(code.slice(PREFIX.length), 'base64url').toString('utf8');
    } catch {
      throw invalidCode();
    }
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw invalidCode();
    return {
      email,
      payerId: `SIMPAYER${Buffer.from(email).toString('hex').slice(0, 10).toUpperCase()}`,
    };
  },
};

/** What the simulated connect page returns for an email. */
export const simulatedPaypalCode = (email: string): string =>
  PREFIX + Buffer.from(email).toString('base64url');

function invalidCode() {
  return badRequest(
    'PaypalAuthorizationFailed: PayPal did not accept the authorization; connect again',
    [
      {
        path: '/authorizationCode',
        keyword: 'paypal',
        messageKey: 'paypal.authorization',
        params: {},
        message: 'PayPal did not accept the authorization; connect again.',
      },
    ],
  );
}
