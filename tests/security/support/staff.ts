// Rules console staff over real HTTP: an account made with the admin key and enrolled at its link by
// its owner, signed in with its TOTP code, writing with the staff CSRF token as the console does.
import { URI, type Secret } from 'otpauth';
import { expect } from 'vitest';
import { totpCode } from '../../../src/server/services/totp';
import { adminCall, HttpBrowser, uniqueEmail, type HttpResponse, type LiveServer } from './server';
import { previousStepTime } from '../../support/totp';

export const STAFF_PASSWORD = 'Console-harbour-58-meadow';
export const CONSOLE = '/master/console/v1';
export type StaffRole = 'editor' | 'approver';

export interface StaffAccount {
  email: string;
  /** The authenticator's secret (base32), from the account's otpauth URI. */
  secret: string;
}

/**
 * A staff account, made as an operator makes one (the admin API answers an enrolment link only)
 * and enrolled at that link by its owner over HTTP.
 */
export async function newStaff(
  server: LiveServer,
  role: StaffRole,
  email = uniqueEmail(`staff-${role}`),
): Promise<StaffAccount> {
  const created = await adminCall(server, 'POST', '/staff', { email, role });
  expect(created.status, created.text).toBe(201);
  const { enrolmentUrl } = created.json?.data as { enrolmentUrl: string };
  return { email, secret: (await enrolAt(server, enrolmentUrl)).secret };
}

/**
 * Enrols at an enrolment link as its owner does in the console: shows the new authenticator,
 * chooses STAFF_PASSWORD and confirms with a code of the previous 30 s (so that the current code
 * still signs in afterwards). Answers the secret and the browser the enrolment signed in.
 */
export async function enrolAt(
  server: LiveServer,
  enrolmentUrl: string,
): Promise<{ secret: string; browser: HttpBrowser }> {
  const token = new URL(enrolmentUrl).hash.slice(1);
  const browser = new HttpBrowser(server);
  const shown = await browser.request('POST', `${CONSOLE}/enrolment/authenticator`, { token });
  expect(shown.status, shown.text).toBe(200);
  const { otpauthUri } = shown.json?.data as { otpauthUri: string };
  const secret = (URI.parse(otpauthUri).secret as Secret).base32;
  const enrolled = await browser.request('POST', `${CONSOLE}/enrolment`, {
    token,
    password: STAFF_PASSWORD,
    code: totpCode(secret, await previousStepTime()),
  });
  expect(enrolled.status, enrolled.text).toBe(200);
  return { secret, browser };
}

/** A staff member's browser: the staff CSRF cookie echoed on every write. */
export class ConsoleStaff {
  constructor(readonly browser: HttpBrowser) {}
  request(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<HttpResponse> {
    const csrf = this.browser.cookie('STAFF-XSRF-TOKEN');
    return this.browser.request(
      method,
      `${CONSOLE}${path}`,
      method === 'POST' ? (payload ?? {}) : undefined,
      csrf && method !== 'GET' ? { 'x-csrf-token': csrf } : {},
    );
  }
}

/** A new staff member of `role`, signed in to the console with the current code. */
export async function signedInStaff(server: LiveServer, role: StaffRole): Promise<ConsoleStaff> {
  const account = await newStaff(server, role);
  const staff = new ConsoleStaff(new HttpBrowser(server));
  const signedIn = await staff.browser.request('POST', `${CONSOLE}/session`, {
    email: account.email,
    password: STAFF_PASSWORD,
    code: totpCode(account.secret, Date.now()),
  });
  expect(signedIn.status, signedIn.text).toBe(200);
  return staff;
}
