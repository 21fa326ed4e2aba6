// The shared journeys (tests/support/journeys.ts) over real HTTP against the e2e server: a small
// cookie jar, the CSRF header on writes, codes from the development outbox.
import { expect, inject } from 'vitest';
import { PERSON, US_ADDRESS } from '../../fixtures/people';
import * as journeys from '../../support/journeys';
import type { Journey } from '../../support/journeys';
import { fetchTransport } from '../../support/transport';
import { HttpClient } from '../../support/http-client';

export const baseUrl = (host = 'localhost'): string => `http://${host}:${inject('e2ePort')}`;

let counter = 0;
/** A unique email per call, so tests sharing the e2e database never collide. */
export const uniqueEmail = (label = 'e2e'): string =>
  `${label}.${Date.now().toString(36)}.${process.pid}.${++counter}@example.com`;

/** The shared HTTP client (tests/support/http-client.ts), to the e2e server by default. */
export class ApiClient extends HttpClient {
  constructor(origin = baseUrl()) {
    super(origin);
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

/** A bank account by wire as a recipient's API client sends it, the address the form asks included. */
export const wireAccount = (countryCode: string, fields: Record<string, string>) => ({
  countryCode,
  transferMethod: 'WIRE',
  nickname: `Wire to ${countryCode}`,
  addressLine1: '1 Main Street',
  addressCity: 'Capital City',
  addressCountryCode: countryCode,
  ...fields,
});

/** The account number and its confirmation, as the bank-account form asks both. */
export const accountNumber = (value: string) => ({
  accountNumber: value,
  accountNumberConfirmation: value,
});

const postBankAccount = (client: ApiClient, account: object) =>
  client.api('POST', '/payment-methods/bank-accounts', account);

/** The server refuses a recipient's bank account (400), its answer naming each of `texts`. */
export async function serverRefusesAccount(client: ApiClient, account: object, ...texts: string[]) {
  const { status, body } = await postBankAccount(client, account);
  expect(status, JSON.stringify(body)).toBe(400);
  for (const text of texts) expect(JSON.stringify(body)).toContain(text);
}

/** The server takes a recipient's bank account. */
export async function serverTakesAccount(client: ApiClient, account: object) {
  const { status, body } = await postBankAccount(client, account);
  expect(status, JSON.stringify(body)).toBe(200);
}
