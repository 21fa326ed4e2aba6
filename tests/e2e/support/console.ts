// The rules console's staff in the e2e tests: a staff member made with the admin key and enrolled
// as they would at their link, and the console's sign-in with the authenticator's code; a staff
// member's API session, approving and publishing a version, and restoring a country's seed.
import { URI, type TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { afterAll, expect, inject } from 'vitest';
import { baseUrl, uniqueEmail } from './api';
import { seriousViolations } from './axe';
import { escapeRegExp, see } from './ui';
import { en, type ConsoleTexts } from '../../../src/web/console/catalogs/en';
import { previousStepTime } from '../../support/totp';

const CONSOLE = '/master/console/v1';
export const STAFF_PASSWORD = 'Quiet-harbour-2041';

export interface Staff {
  email: string;
  totp: TOTP;
}

export async function createStaff(role: 'editor' | 'approver'): Promise<Staff> {
  const email = uniqueEmail(`console-${role}`);
  const response = await fetch(`${baseUrl()}/master/admin/v1/staff`, {
    method: 'POST',
    headers: { 'x-admin-key': inject('e2eAdminKey'), 'content-type': 'application/json' },
    body: JSON.stringify({ email, role }),
  });
  const body = (await response.json()) as { data: { enrolmentUrl: string } };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return enrol(email, body.data.enrolmentUrl);
}

/**
 * Enrols at the link the admin key got, as the staff member does (the console's calls): the new
 * authenticator, STAFF_PASSWORD, and the previous 30 s code (the current one still signs in).
 */
async function enrol(email: string, enrolmentUrl: string): Promise<Staff> {
  const token = new URL(enrolmentUrl).hash.slice(1);
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl()}${CONSOLE}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const shown = await post('/enrolment/authenticator', { token });
  const { data } = (await shown.json()) as { data: { otpauthUri: string } };
  expect(shown.status).toBe(200);
  const totp = URI.parse(data.otpauthUri) as TOTP;
  const enrolled = await post('/enrolment', {
    token,
    password: STAFF_PASSWORD,
    code: totp.generate({ timestamp: await previousStepTime() }),
  });
  expect(enrolled.status, await enrolled.text()).toBe(200);
  return { email, totp };
}

/** The console's sign-in screen: email, password and the authenticator's current code. */
export async function signInToConsole(page: Page, staff: Staff, audit = false) {
  await page.goto(`${baseUrl()}/console`);
  await see(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  if (audit) expect(await seriousViolations(page, 'console sign-in')).toEqual([]);
  await page.getByLabel('Email').fill(staff.email);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByLabel('Authenticator code').fill(staff.totp.generate());
  await page.getByRole('button', { name: 'Sign in' }).click();
  await see(page.getByText(`${staff.email} (`)).toBeVisible();
}

export type StaffCall = <T>(method: string, path: string, body?: unknown) => Promise<T>;

/** A staff member's API session: cookies and the CSRF header by hand. */
export async function staffApi(staff: Staff): Promise<StaffCall> {
  const signIn = await fetch(`${baseUrl()}${CONSOLE}/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: staff.email,
      password: STAFF_PASSWORD,
      code: staff.totp.generate(),
    }),
  });
  expect(signIn.status).toBe(200);
  const cookies = signIn.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');
  const csrf = decodeURIComponent(
    cookies.find((c) => c.startsWith('STAFF-XSRF-TOKEN='))?.split('=')[1] ?? '',
  );
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl()}${CONSOLE}${path}`, {
      method,
      headers: {
        cookie: cookies.join('; '),
        'x-csrf-token': csrf,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await response.json()) as { data: T };
    if (!response.ok) throw new Error(`${method} ${path}: ${JSON.stringify(json)}`);
    return json.data;
  };
}

/**
 * An approver approves a version on its page, then publishes it, in the console's language
 * `texts` (English unless told). Publishing checks every country's rules first, slow on a busy
 * machine, and is refused when another publication (another e2e file's, on the same server)
 * landed meanwhile: the console then says to publish again, and the approver does, as staff would.
 */
export async function approveAndPublish(
  page: Page,
  versionId: number,
  {
    texts = en,
    beforeApprove,
  }: { texts?: ConsoleTexts; beforeApprove?: (page: Page) => Promise<void> } = {},
): Promise<void> {
  await page.goto(`${baseUrl()}/console/versions/${versionId}`);
  const approve = page.getByRole('button', { name: texts.version.approve });
  await see(approve).toBeVisible();
  await beforeApprove?.(page);
  await approve.click();
  await see(page.getByRole('status').filter({ hasText: texts.version.done.approve })).toBeVisible();
  const published = page.getByRole('status').filter({ hasText: texts.version.done.publish });
  const raced = page.getByRole('alert').filter({ hasText: texts.errors.PublishRaced });
  for (let attempt = 1; ; attempt++) {
    await page.getByRole('button', { name: texts.version.publish }).click();
    const outcome = async () =>
      (await published.isVisible()) ? 'published' : (await raced.isVisible()) ? 'raced' : '';
    await expect.poll(outcome, { timeout: 30_000, interval: 200 }).not.toBe('');
    if ((await outcome()) === 'published' || attempt === 3) break;
    await page.reload(); // the refusal gone, the version still approved
    await see(page.getByRole('button', { name: texts.version.publish })).toBeVisible();
  }
  await see(published).toBeVisible();
}

/** The version id a status line names ("Saved as draft version 12…"). */
export async function versionIdIn(page: Page, text: RegExp): Promise<number> {
  const status = page.getByRole('status').filter({ hasText: text });
  // Saving checks the draft's rules first: slow on a busy machine, so a longer wait than see()'s.
  await expect.poll(() => status.isVisible(), { timeout: 30_000, interval: 200 }).toBe(true);
  return Number(/version (\d+)/.exec((await status.textContent()) ?? '')?.[1]);
}

/**
 * The staff of a journey that changes `countries` (call it at the file's top level): an editor and
 * an approver for the story, made with a second pair who put the countries back to their seeds
 * after the file, whatever the journey left, so that the other e2e files never see its rules.
 */
export function journeyStaff(
  countries: string[],
): () => Promise<{ editor: Staff; approver: Staff }> {
  let cleanUp: { editor: Staff; approver: Staff } | undefined;
  afterAll(async () => {
    if (!cleanUp) return;
    const [editor, approver] = await Promise.all([
      staffApi(cleanUp.editor),
      staffApi(cleanUp.approver),
    ]);
    for (const country of countries) await restoreSeed(editor, approver, country);
  }, 60_000);
  return async () => {
    const [editor, approver, janitor, reviewer] = await Promise.all([
      createStaff('editor'),
      createStaff('approver'),
      createStaff('editor'),
      createStaff('approver'),
    ]);
    cleanUp = { editor: janitor, approver: reviewer };
    return { editor, approver };
  };
}

/** A status sentence of the console's that names a version, whatever its id. */
const anyVersion = (sentence: (id: number) => string) =>
  new RegExp(escapeRegExp(sentence(987_654_321)).replace('987654321', '\\d+'));

/**
 * The editor restores a country's seed (the rules before the console: its file, or no file) on
 * the country's page, in the console's language `texts` (English unless told). Answers the id of
 * the draft the restore made.
 */
export async function restoreInConsole(
  page: Page,
  country: string,
  {
    texts = en,
    beforeRestore,
  }: { texts?: ConsoleTexts; beforeRestore?: (page: Page) => Promise<unknown> } = {},
): Promise<number> {
  await page.goto(`${baseUrl()}/console/countries/${country}`);
  // A seed is "the file" or, for a country that had none, "no file of its own".
  const seed = [texts.statuses.seed, texts.statuses.seedNoFile]
    .flatMap((status) => (status ? [escapeRegExp(status)] : []))
    .join('|');
  await page
    .getByRole('row')
    .filter({ hasText: new RegExp(seed) })
    .getByRole('link')
    .first()
    .click();
  const restore = page.getByRole('button', { name: texts.version.restore });
  await see(restore).toBeVisible();
  await beforeRestore?.(page);
  await restore.click();
  return versionIdIn(page, anyVersion(texts.version.done.restore));
}

/**
 * Puts a country back to the rules before the console (its seed: its file, or no file) unless it
 * is there already: restore, approve, publish through the API.
 */
export async function restoreSeed(editor: StaffCall, approver: StaffCall, country: string) {
  const versions = await editor<{ id: number; status: string }[]>(
    'GET',
    `/countries/${country}/versions`,
  );
  const seed = versions.find((v) => v.status === 'seed');
  if (!seed) return;
  const [now, was] = await Promise.all([
    editor<{ rules: unknown }>('GET', `/countries/${country}`),
    editor<{ rules: unknown }>('GET', `/versions/${seed.id}`),
  ]);
  if (JSON.stringify(now.rules) === JSON.stringify(was.rules)) return;
  const restored = await editor<{ id: number }>('POST', `/versions/${seed.id}/restore`);
  await approver('POST', `/versions/${restored.id}/approve`, {});
  await publishThroughApi(approver, restored.id);
}

/** Publishes an approved version through the API, again when another publication raced it. */
export async function publishThroughApi(approver: StaffCall, versionId: number): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await approver('POST', `/versions/${versionId}/publish`);
      return;
    } catch (error) {
      if (attempt === 3 || !String(error).includes('PublishRaced')) throw error;
    }
  }
}
