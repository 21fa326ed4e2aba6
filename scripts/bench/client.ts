// The bench's own API client (tests/e2e/support/api.ts reads vitest's `inject`, so it cannot run
// here): a cookie jar, the CSRF header on writes, codes from the development outbox, and the
// provisioning of a signed-in ACTIVATED user through the real API, as the e2e tests do it.
import { randomBytes } from 'node:crypto';
import { PERSON, US_ADDRESS } from '../../tests/fixtures/people';

export const PASSWORD = 'Sunrise-42-river';
export const SESSION_COOKIE = 'pp_session';
const LOGIN_PATH = '/master/auth-app/v1/login';

type Json = Record<string, unknown>;
export interface Answer<T> {
  status: number;
  body: { data: T } & Json;
}

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

export class ApiClient {
  readonly cookies = new Map<string, string>();
  /** Mutable: a client of several processes (scripts/soak) sends each call to another one. */
  constructor(public origin: string) {}

  remember(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = /max-age=0\b/i.test(header) || /expires=Thu, 01 Jan 1970/i.test(header);
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  csrfToken(): string {
    return this.cookies.get('XSRF-TOKEN') ?? '';
  }

  async request<T = unknown>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    const csrf = this.csrfToken();
    const response = await fetch(`${this.origin}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        cookie: this.cookieHeader(),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(csrf && method !== 'GET' ? { 'x-csrf-token': csrf } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    this.remember(response);
    const text = await response.text();
    let json: { data: T } & Json;
    try {
      json = JSON.parse(text) as { data: T } & Json;
    } catch {
      json = { data: undefined as T, text };
    }
    return { status: response.status, body: json };
  }

  api<T = unknown>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    return this.request<T>(method, `/master/funnel/v1${path}`, body);
  }

  /** Posts the login page's form as a browser would (303 on success). */
  async signIn(email: string, password = PASSWORD): Promise<void> {
    const status = await this.postSignIn(email, password);
    if (status !== 303) throw new Error(`sign in ${email}: ${status}`);
  }

  /** The login form's post, answering its status (303 on success) rather than throwing. */
  async postSignIn(email: string, password = PASSWORD): Promise<number> {
    const response = await fetch(`${this.origin}${LOGIN_PATH}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        origin: new URL(this.origin).origin,
        cookie: this.cookieHeader(),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ email, password, state: '/' }).toString(),
    });
    this.remember(response);
    await response.arrayBuffer();
    return response.status;
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

/** The admin API and the development outbox of one running server. */
export class Admin {
  constructor(
    readonly origin: string,
    readonly adminKey: string,
  ) {}

  async createClaim(email: string, amount = '125.50', currency = 'USD') {
    const response = await fetch(`${this.origin}/master/admin/v1/claims`, {
      method: 'POST',
      headers: { 'x-admin-key': this.adminKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, amount, currency }),
    });
    const body = (await response.json()) as { data: { claim: { id: string } } } & Json;
    check('create claim', { status: response.status, body }, [201]);
    return body.data;
  }

  /** The newest one-time code mailed to the address. */
  async latestOtp(email: string): Promise<string> {
    const response = await fetch(
      `${this.origin}/master/dev/v1/outbox?to=${encodeURIComponent(email)}`,
    );
    const { data } = (await response.json()) as { data: { otp: string | null }[] };
    const otp = data.find((m) => m.otp)?.otp;
    if (!otp) throw new Error(`no code was sent to ${email}`);
    return otp;
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
  const email = uniqueEmail(label);
  const created = await admin.createClaim(email);
  const client = new ApiClient(origin);
  const registered = check(
    'register',
    await client.api<{ id: string }>('POST', '/me', {
      data: { email, termsAccepted: true },
      password: PASSWORD,
      claimId: created.claim.id,
    }),
  );
  await client.signIn(email);
  check('send code', await client.api('POST', '/me/verify/otp', {}), [200, 201, 204]);
  const otp = await admin.latestOtp(email);
  check('verify', await client.api('PUT', '/me/verify', { otp }), [200, 204]);
  check(
    'save profile',
    await client.api('PATCH', '/me', {
      profileType: 'PERSON',
      person: PERSON,
      addresses: [US_ADDRESS],
    }),
  );
  const proofing = check(
    'id proofing',
    await client.api<{ status: string }>('POST', '/id-proofing/start'),
    [200, 201],
  );
  if (proofing.body.data.status !== 'ACTIVATED')
    throw new Error(`the bench user is ${proofing.body.data.status}, not ACTIVATED`);
  return { email, profileId: registered.body.data.id, client, firstClaimId: created.claim.id };
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
  await client.signIn(user.email);
  return client;
}

export const randomKey = (): string => randomBytes(24).toString('base64url');
