// The bench's client: the tests' HTTP client (tests/support/http-client.ts) and journeys
// (tests/support/journeys.ts) over fetch to a running server (tests/e2e/support/api.ts reads
// vitest's `inject`, so it cannot run here), with what only the bench needs: a session refresh
// before each measure, unique account numbers, a second session of one user.
import { randomBytes } from 'node:crypto';
import { HttpClient, LOGIN_PATH, type Answer } from '../../tests/support/http-client';
import * as journeys from '../../tests/support/journeys';
import { PASSWORD, type Journey } from '../../tests/support/journeys';
import { fetchTransport } from '../../tests/support/transport';

export { PASSWORD };
export const SESSION_COOKIE = 'pp_session';

type Json = Record<string, unknown>;
export type { Answer };

let counter = 0;
/** A unique email per call, so runs sharing a database never collide. */
export const uniqueEmail = (label = 'bench'): string =>
  `${label}.${Date.now().toString(36)}.${process.pid}.${++counter}@example.com`;

/** An account number no other request of this run sends (US ACH: 4 to 17 digits). */
export const uniqueAccountNumber = (): string =>
  `${Date.now() % 1e9}${String(++counter).padStart(6, '0')}`.slice(-17);

export function check<T>(label: string, answer: Answer<T>, ok: number[] = [200]): Answer<T> {
  if (!ok.includes(answer.status))
    throw new Error(`${label}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 500)}`);
  return answer;
}

/** The shared HTTP client, with what the bench adds: a sign-in that must succeed, a refresh. */
export class ApiClient extends HttpClient {
  /** Signs in through the login page's form; throws unless it answers 303. */
  async signedIn(email: string, password = PASSWORD): Promise<void> {
    const status = await this.signIn(email, password);
    if (status !== 303) throw new Error(`sign in ${email}: ${status}`);
  }

  /**
   * A new access window (ACCESS_TTL_SECONDS, 5 minutes by default): the login page refreshes a
   * signed-in session, as the portal does when the window lapses. Called before each measure.
   */
  async refreshAccess(): Promise<void> {
    const response = await fetch(`${this.origin}${LOGIN_PATH}`, {
      redirect: 'manual',
      headers: { cookie: this.cookieHeader() },
    });
    this.remember(response);
    await response.arrayBuffer();
    if (response.status >= 400) throw new Error(`refresh the session: ${response.status}`);
  }
}

/** The admin API and the development outbox of one running server (tests/support/journeys.ts). */
export class Admin {
  constructor(
    readonly origin: string,
    readonly adminKey: string,
  ) {}

  /** The shared journeys over fetch to this server, with the bench's client as the browser. */
  journey(): Journey<ApiClient> {
    return {
      transport: fetchTransport(this.origin),
      adminKey: this.adminKey,
      browser: () => new ApiClient(this.origin),
      async call(client, method, path, payload) {
        const response = await client.api(method, path, payload);
        return {
          status: response.status,
          json: response.body,
          text: JSON.stringify(response.body),
        };
      },
      signIn: (client, email) => client.signIn(email),
    };
  }

  createClaim(email: string, amount = '125.50', currency = 'USD') {
    return journeys.createClaim(this.journey(), email, amount, currency);
  }

  /** The newest one-time code mailed to the address. */
  latestOtp(email: string): Promise<string> {
    return journeys.latestOtp(this.journey(), email);
  }
}

/** A valid US ACH bank account body with its own account number. */
export function achAccount(nickname = 'Bench checking'): Json {
  const accountNumber = uniqueAccountNumber();
  return {
    countryCode: 'US',
    transferMethod: 'ACH',
    nickname,
    accountType: 'CHECKING',
    routingNumber: '021000021',
    accountNumber,
    accountNumberConfirmation: accountNumber,
  };
}

export interface BenchUser {
  email: string;
  profileId: string;
  client: ApiClient;
}

/**
 * Admin creates a claim; the recipient registers for it, signs in, verifies the mailed code,
 * saves a person profile with a US address and passes the identity check: ACTIVATED.
 */
export async function activatedUser(origin: string, admin: Admin, label: string) {
  const user = await journeys.activatedUser(admin.journey(), uniqueEmail(label));
  if (user.status !== 'ACTIVATED')
    throw new Error(`the bench user is ${user.status}, not ACTIVATED`);
  return {
    email: user.email,
    profileId: user.profile.id,
    client: user.browser,
    firstClaimId: user.claimId,
  };
}

/** A bank account (preferred, as the first method) and a paper check: two rows to list. */
export async function addPayoutMethods(user: BenchUser): Promise<string> {
  const bank = check(
    'add bank account',
    await user.client.api<{ bankAccount: { id: string } }>(
      'POST',
      '/payment-methods/bank-accounts',
      achAccount(),
    ),
  );
  check(
    'add paper check',
    await user.client.api('POST', '/payment-methods/physical-checks', {}),
    [200, 201],
  );
  return bank.body.data.bankAccount.id;
}

/** A second, independent sign-in of the same user (a new session id). */
export async function newSession(user: BenchUser): Promise<ApiClient> {
  const client = new ApiClient(user.client.origin);
  await client.signedIn(user.email);
  return client;
}

export const randomKey = (): string => randomBytes(24).toString('base64url');
