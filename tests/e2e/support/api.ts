// The shared journeys (tests/support/journeys.ts) over real HTTP against the e2e server: a small
// cookie jar, the CSRF header on writes, codes from the development outbox.
import { inject } from 'vitest';
import { PASSWORD } from './constants';
import { PERSON, US_ADDRESS } from '../../fixtures/people';
import * as journeys from '../../support/journeys';
import type { Journey } from '../../support/journeys';
import { fetchTransport } from '../../support/transport';

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

/** The shared journeys (tests/support/journeys.ts) over fetch to the e2e server, with ApiClient. */
export function journeyOf(origin = baseUrl()): Journey<ApiClient> {
  return {
    transport: fetchTransport(origin),
    adminKey: inject('e2eAdminKey'),
    browser: () => new ApiClient(origin),
    async call(client, method, path, payload) {
      const response = await client.api(method, path, payload);
      return { status: response.status, json: response.body, text: JSON.stringify(response.body) };
    },
    signIn: (client, email) => client.signIn(email),
  };
}

export const createClaim = (email: string, amount = '125.50', currency = 'USD') =>
  journeys.createClaim(journeyOf(), email, amount, currency);

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

export const latestOtp = (email: string): Promise<string> => journeys.latestOtp(journeyOf(), email);

/** Admin creates a claim and the recipient registers for it (status CREATED, not signed in). */
export async function registeredUser(email = uniqueEmail()) {
  const { browser, profile, claimId } = await journeys.registeredUser(journeyOf(), email, {
    signIn: false,
  });
  return { email, client: browser, claimId, profile };
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
  const { browser, profile, claimId, status } = await journeys.activatedUser(
    journeyOf(),
    email,
    person,
  );
  return { email, client: browser, claimId, profile, status };
}

/**
 * The guardian invited at `guardianEmail` registers from the mailed link, verifies, is proofed and
 * decides for the minor (a refusal: GUARDIAN_CONSENT_REJECTED). Answers the minor's status.
 */
export const guardianDecides = (minorId: string, guardianEmail: string, consent: boolean) =>
  journeys.guardianDecides(journeyOf(), minorId, guardianEmail, consent);
