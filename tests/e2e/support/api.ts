// The API flows of tests/api/support/harness.ts over real HTTP against the e2e server: a small
// cookie jar, the CSRF header on writes, codes from the development outbox.
import { inject } from 'vitest';
import { PASSWORD } from './constants';
import { PERSON, US_ADDRESS } from '../../fixtures/people';

type Json = Record<string, unknown>;

export const baseUrl = (host = 'localhost'): string => `http://${host}:${inject('e2ePort')}`;

let counter = 0;
/** A unique email per call, so tests sharing the e2e database never collide. */
export const uniqueEmail = (label = 'e2e'): string =>
  `${label}.${Date.now().toString(36)}.${process.pid}.${++counter}@example.com`;

/** A client that keeps cookies and echoes XSRF-TOKEN in x-csrf-token, as the portal does. */
export class ApiClient {
  private cookies = new Map<string, string>();
  constructor(private readonly origin = baseUrl()) {}

  private remember(response: Response): void {
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

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request<T = unknown>(method: string, path: string, body?: unknown) {
    const csrf = this.cookies.get('XSRF-TOKEN');
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
      json = JSON.parse(text);
    } catch {
      json = { data: undefined as T, text };
    }
    return { status: response.status, body: json };
  }

  api<T = unknown>(method: string, path: string, body?: unknown) {
    return this.request<T>(method, `/master/funnel/v1${path}`, body);
  }

  /** Posts the login page's form, as the browser would. */
  async signIn(email: string, password = PASSWORD, state = '/'): Promise<number> {
    const response = await fetch(`${this.origin}/master/auth-app/v1/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        // Node's fetch sends no Origin; the login page's own origin, as a browser sends it.
        origin: new URL(this.origin).origin,
        cookie: this.cookieHeader(),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ email, password, state }).toString(),
    });
    this.remember(response);
    await response.arrayBuffer();
    return response.status;
  }
}

async function check<T>(label: string, response: { status: number; body: T }, ok: number[]) {
  if (!ok.includes(response.status))
    throw new Error(`${label}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

export async function createClaim(email: string, amount = '125.50', currency = 'USD') {
  const response = await fetch(`${baseUrl()}/master/admin/v1/claims`, {
    method: 'POST',
    headers: { 'x-admin-key': inject('e2eAdminKey'), 'content-type': 'application/json' },
    body: JSON.stringify({ email, amount, currency }),
  });
  const body = (await check(
    'create claim',
    { status: response.status, body: await response.json() },
    [201],
  )) as { data: { claim: { id: string }; tokenId: string; inviteUrl: string } };
  return body.data;
}

/**
 * The admin API's status change, as an operator would make it: ON_HOLD (an ACTIVATED profile),
 * ACTIVATED (releasing a hold), LOCKED, DEACTIVATED, or back to the status before the block.
 */
export async function setProfileStatus(profileId: string, status: string) {
  const response = await fetch(`${baseUrl()}/master/admin/v1/profiles/${profileId}/status`, {
    method: 'PUT',
    headers: { 'x-admin-key': inject('e2eAdminKey'), 'content-type': 'application/json' },
    body: JSON.stringify({ status }),
  });
  await check('set status', { status: response.status, body: await response.json() }, [200]);
}

export async function latestOtp(email: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/master/dev/v1/outbox?to=${encodeURIComponent(email)}`);
  const { data } = (await response.json()) as { data: { otp: string | null }[] };
  const otp = data.find((m) => m.otp)?.otp;
  if (!otp) throw new Error(`no code was sent to ${email}`);
  return otp;
}

/** Admin creates a claim and the recipient registers for it (status CREATED, not signed in). */
export async function registeredUser(email = uniqueEmail()) {
  const created = await createClaim(email);
  const client = new ApiClient();
  const registration = await client.api<{ id: string; status: string }>('POST', '/me', {
    data: { email, termsAccepted: true },
    password: PASSWORD,
    claimId: created.claim.id,
  });
  await check('register', registration, [200]);
  return { email, client, claimId: created.claim.id, profile: registration.body.data };
}

export { PERSON, US_ADDRESS };

/**
 * Registered, verified with the mailed code, person profile saved, proofing passed: ACTIVATED (or
 * what the identity simulator says for `person`, e.g. the last name Fail).
 */
export async function activatedUser(
  email = uniqueEmail(),
  person: Record<string, unknown> = PERSON,
) {
  const user = await registeredUser(email);
  const { client } = user;
  const signedIn = await client.signIn(email);
  if (signedIn !== 303) throw new Error(`sign in: ${signedIn}`);
  await check('send code', await client.api('POST', '/me/verify/otp', {}), [200, 201, 204]);
  await check(
    'verify',
    await client.api('PUT', '/me/verify', { otp: await latestOtp(email) }),
    [200, 204],
  );
  await check(
    'save profile',
    await client.api('PATCH', '/me', {
      profileType: 'PERSON',
      person,
      addresses: [US_ADDRESS],
    }),
    [200],
  );
  const proofing = await client.api<{ status: string }>('POST', '/id-proofing/start');
  await check('id proofing', proofing, [200, 201]);
  return { ...user, status: proofing.body.data.status };
}

/**
 * The guardian invited at `guardianEmail` registers from the mailed link, verifies, is proofed and
 * decides for the minor (a refusal: GUARDIAN_CONSENT_REJECTED), as guardianDecides of
 * tests/api/support/harness.ts does. Answers the minor's status.
 */
export async function guardianDecides(minorId: string, guardianEmail: string, consent: boolean) {
  const response = await fetch(
    `${baseUrl()}/master/dev/v1/outbox?to=${encodeURIComponent(guardianEmail)}`,
  );
  const { data } = (await response.json()) as { data: { text: string }[] };
  const tokenId = /user_id=([\w-]+)/.exec(data[0]?.text ?? '')?.[1];
  if (!tokenId) throw new Error(`no guardian invitation was sent to ${guardianEmail}`);
  const guardian = new ApiClient();
  await check(
    'guardian registers',
    await guardian.api('POST', '/me/confirm', {
      tokenId,
      password: PASSWORD,
      preferredContact: 'EMAIL_ONLY',
    }),
    [200],
  );
  const signedIn = await guardian.signIn(guardianEmail);
  if (signedIn !== 303) throw new Error(`guardian sign in: ${signedIn}`);
  await check('send code', await guardian.api('POST', '/me/verify/otp', {}), [200, 201, 204]);
  await check(
    'verify',
    await guardian.api('PUT', '/me/verify', { otp: await latestOtp(guardianEmail) }),
    [200, 204],
  );
  await check(
    'guardian profile',
    await guardian.api('PATCH', '/me', {
      profileType: 'PERSON',
      person: { ...PERSON, firstName: 'Maria' },
      addresses: [US_ADDRESS],
    }),
    [200],
  );
  const proofing = await guardian.api<{ status: string }>('POST', '/id-proofing/start');
  await check('guardian proofing', proofing, [200, 201]);
  if (proofing.body.data.status !== 'ACTIVATED')
    throw new Error(`guardian proofing: ${proofing.body.data.status}`);
  const decided = await guardian.api<{ minorStatus: string }>(
    'POST',
    `/me/guardian/confirm-consent/${minorId}`,
    { consent },
  );
  await check('guardian decision', decided, [200]);
  return decided.body.data.minorStatus;
}
