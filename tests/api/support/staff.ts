// Rules console staff for API tests: accounts made with the admin key and enrolled at their link,
// signed in with a TOTP code.
import { expect, vi } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { URI, type Secret } from 'otpauth';
import { admin, uniqueEmail } from './harness';
import { totpCode } from '../../../src/server/services/totp';
import { previousStepTime, STEP_MS } from '../../support/totp';

export const STAFF_PASSWORD = 'Console-river-42-lantern';

/**
 * Lets a file move its clock instead of waiting for authenticator steps: Date is faked (and keeps
 * running with real time), timers stay real. The server runs in the test's process, so it reads
 * the same clock.
 */
export function useSteppedClock(): void {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
}

/**
 * Jumps to just after the next 30 s authenticator step begins (after useSteppedClock): the server
 * never takes a step twice, so a test that has used this step and the next needs a later one.
 */
export function nextStep(): void {
  const now = Date.now();
  vi.setSystemTime(now + STEP_MS + 100 - (now % STEP_MS));
}

/** A staff browser: keeps the console's cookies and echoes its CSRF token on writes. */
export class StaffBrowser {
  cookies = new Map<string, string>();
  constructor(private readonly app: FastifyInstance) {}
  async request(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) {
    const csrf = this.cookies.get('STAFF-XSRF-TOKEN');
    const response: LightMyRequestResponse = await this.app.inject({
      method,
      url: `/master/console/v1${path}`,
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(csrf && method !== 'GET' ? { 'x-csrf-token': csrf } : {}),
      },
      ...(payload ? { payload } : {}),
    });
    for (const c of response.cookies) {
      if (c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  }
}

export interface Staff {
  email: string;
  secret: string;
  uri: string;
}

/** A staff account made with the admin key and enrolled at its link by its owner (the API). */
export async function createStaff(
  app: FastifyInstance,
  role: 'editor' | 'approver',
): Promise<Staff> {
  const email = uniqueEmail(role);
  const created = await admin<{ enrolmentUrl: string; role: string }>(app, 'POST', '/staff', {
    email,
    role,
  });
  expect(created.status).toBe(201);
  expect(created.body.data.role).toBe(role);
  return { email, ...(await enrol(app, created.body.data.enrolmentUrl)) };
}

/**
 * Enrols at a link as the console does: the new authenticator, STAFF_PASSWORD, and a code of the
 * previous 30 s (the current code still signs in afterwards).
 */
export async function enrol(
  app: FastifyInstance,
  enrolmentUrl: string,
): Promise<{ secret: string; uri: string }> {
  const token = new URL(enrolmentUrl).hash.slice(1);
  const browser = new StaffBrowser(app);
  const shown = await browser.request('POST', '/enrolment/authenticator', { token });
  expect(shown.status, JSON.stringify(shown.body)).toBe(200);
  const uri = (shown.body.data as { otpauthUri: string }).otpauthUri;
  const secret = (URI.parse(uri).secret as Secret).base32;
  const enrolled = await browser.request('POST', '/enrolment', {
    token,
    password: STAFF_PASSWORD,
    code: totpCode(secret, await previousStepTime()),
  });
  expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
  return { secret, uri };
}

/** Signs in with the code of a given time step offset (0 now, -1 the previous 30 s). */
export async function signIn(app: FastifyInstance, who: Staff, offsetSteps = 0, code?: string) {
  const browser = new StaffBrowser(app);
  const response = await browser.request('POST', '/session', {
    email: who.email,
    password: STAFF_PASSWORD,
    code: code ?? totpCode(who.secret, Date.now() + offsetSteps * STEP_MS),
  });
  return { browser, response };
}

/** An editor and two approvers, signed in: a draft, its second pair of eyes, its publisher. */
export interface ConsoleTeam {
  editor: StaffBrowser;
  approver: StaffBrowser;
  publisher: StaffBrowser;
}

export async function consoleTeam(app: FastifyInstance): Promise<ConsoleTeam> {
  const member = async (role: 'editor' | 'approver') =>
    (await signIn(app, await createStaff(app, role))).browser;
  return {
    editor: await member('editor'),
    approver: await member('approver'),
    publisher: await member('approver'),
  };
}

/**
 * Four eyes: the editor may not approve their draft; the approver approves and the publisher
 * publishes it. Answers the new rules version.
 */
export async function approveAndPublish(team: ConsoleTeam, id: number): Promise<number> {
  const own = await team.editor.request('POST', `/versions/${id}/approve`, {});
  expect(own.status).toBe(403);
  const approved = await team.approver.request('POST', `/versions/${id}/approve`, {});
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  const published = await team.publisher.request('POST', `/versions/${id}/publish`);
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  return (published.body.data as { rulesVersion: number }).rulesVersion;
}
