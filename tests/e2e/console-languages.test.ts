// Every rules console screen in each of its five languages (issue 33 points 3, 4 and 6), in
// Chromium against the e2e server: the language chosen in the console's own menu, signed out,
// holds through sign-in (stored for the staff member, so a new browser opens in it too); each
// screen, signed out (sign-in with its field errors and a refused sign-in, the enrolment link, a link
// without its token) and signed in (countries, a country with a file and its live preview, a
// country with no file, a draft's version page with its changes, the account, an unknown page),
// speaks that language under <html lang>, has no serious axe violation (WCAG 2.2 AA), and logs
// nothing to the browser's console.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { LOCALES, type Locale } from '../../src/core/i18n/locales';
import { de } from '../../src/web/console/catalogs/de';
import { en, type ConsoleTexts } from '../../src/web/console/catalogs/en';
import { es } from '../../src/web/console/catalogs/es';
import { fr } from '../../src/web/console/catalogs/fr';
import { pt } from '../../src/web/console/catalogs/pt';
import { baseUrl, uniqueEmail } from './support/api';
import { seriousViolations } from './support/axe';
import { browserForFile, consoleErrors } from './support/browser';
import { REPO_ROOT } from './support/constants';
import { createStaff, STAFF_PASSWORD, type Staff } from './support/console';
import { see } from './support/ui';

const { newPage } = browserForFile();
const CATALOGS: Record<Locale, ConsoleTexts> = { en, es, fr, pt, de };
const CONSOLE = '/master/console/v1';
/** A country with a file of its own (its draft is saved, never published) and one without. */
const WITH_FILE = 'NZ';
const WITHOUT_FILE = 'BT';

/** The screen speaks the language: <html lang>, the title, and a text of its catalog. */
async function speaks(page: Page, locale: Locale, state: string, found: string[]) {
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);
  expect(await page.title()).toBe(CATALOGS[locale].documentTitle);
  found.push(...(await seriousViolations(page, `${state} (${locale})`)));
}

/** A staff member not enrolled yet, and their enrolment link (the admin key made it). */
async function enrolmentLink(): Promise<string> {
  const response = await fetch(`${baseUrl()}/master/admin/v1/staff`, {
    method: 'POST',
    headers: { 'x-admin-key': inject('e2eAdminKey'), 'content-type': 'application/json' },
    body: JSON.stringify({ email: uniqueEmail('console-enrol'), role: 'editor' }),
  });
  const body = (await response.json()) as { data: { enrolmentUrl: string } };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return new URL(body.data.enrolmentUrl).hash;
}

/**
 * A draft of a country (its source reworded), saved over the API by another editor (each code
 * signs in once): its version id.
 */
async function draftOf(staff: Staff, country: string): Promise<number> {
  const signIn = await fetch(`${baseUrl()}${CONSOLE}/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: staff.email,
      password: STAFF_PASSWORD,
      code: staff.totp.generate(),
    }),
  });
  expect(signIn.status, await signIn.clone().text()).toBe(200);
  const cookies = signIn.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');
  const csrf = decodeURIComponent(
    cookies.find((c) => c.startsWith('STAFF-XSRF-TOKEN='))?.split('=')[1] ?? '',
  );
  const headers = { cookie: cookies.join('; '), 'x-csrf-token': csrf };
  const now = (await (
    await fetch(`${baseUrl()}${CONSOLE}/countries/${country}`, { headers })
  ).json()) as { data: { rules: Record<string, unknown>; publishedVersion: number | null } };
  const rules = { ...now.data.rules, source: `${String(now.data.rules.source ?? '')} (reviewed)` };
  const saved = await fetch(`${baseUrl()}${CONSOLE}/countries/${country}/drafts`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ rules, baseVersion: now.data.publishedVersion }),
  });
  const body = (await saved.json()) as { data: { id: number } };
  expect(saved.status, JSON.stringify(body)).toBe(201);
  return body.data.id;
}

describe.each(LOCALES)('rules console in %s', (locale) => {
  const T = CATALOGS[locale];

  it('speaks the language on every screen, axe clean, with nothing in the browser’s console', async () => {
    const [staff, author, link] = await Promise.all([
      createStaff('editor'),
      createStaff('editor'),
      enrolmentLink(),
    ]);
    const page = await newPage({ viewport: { width: 1440, height: 1000 } });
    const errors = consoleErrors(page);
    const found: string[] = [];

    // Signed out: the sign-in screen in English (the browser's language), then the menu.
    await page.goto(`${baseUrl()}/console`);
    await see(page.getByRole('heading', { level: 1, name: en.signIn.heading })).toBeVisible();
    await page.getByLabel(en.language, { exact: true }).selectOption(locale);
    await see(page.getByRole('heading', { level: 1, name: T.signIn.heading })).toBeVisible();
    await speaks(page, locale, 'sign-in', found);

    // The form's own checks, then the server's refusal in the console's words.
    await page.getByRole('button', { name: T.signIn.submit }).click();
    await see(page.getByText(T.signIn.missing).first()).toBeVisible();
    await speaks(page, locale, 'sign-in, fields missing', found);
    await page.getByLabel(T.signIn.email, { exact: true }).fill(uniqueEmail('console-nobody'));
    await page.getByLabel(T.signIn.password, { exact: true }).fill(STAFF_PASSWORD);
    await page.getByLabel(T.signIn.code, { exact: true }).fill('000000');
    expect(errors.splice(0)).toEqual([]);
    await page.getByRole('button', { name: T.signIn.submit }).click();
    await see(page.getByRole('alert').filter({ hasText: T.errors.Unauthorized })).toBeVisible();
    await speaks(page, locale, 'sign-in, refused', found);
    // A refused sign-in is the attempt's answer, not a failed request: nothing in the console.
    expect(errors.splice(0)).toEqual([]);

    // The enrolment link, and a link without its token (the choice holds: it is remembered).
    await page.goto(`${baseUrl()}/console/enrol${link}`);
    await see(page.getByRole('heading', { level: 1, name: T.enrol.heading })).toBeVisible();
    await see(page.getByRole('link', { name: T.authenticator.openLink })).toBeVisible();
    await speaks(page, locale, 'enrolment', found);
    await page.goto(`${baseUrl()}/console/enrol`);
    await see(page.getByText(T.enrol.noToken)).toBeVisible();
    await speaks(page, locale, 'enrolment without token', found);

    // Signed in: the choice made before becomes the staff member's.
    await page.goto(`${baseUrl()}/console`);
    await page.getByLabel(T.signIn.email, { exact: true }).fill(staff.email);
    await page.getByLabel(T.signIn.password, { exact: true }).fill(STAFF_PASSWORD);
    await page.getByLabel(T.signIn.code, { exact: true }).fill(staff.totp.generate());
    await page.getByRole('button', { name: T.signIn.submit }).click();
    await see(page.getByRole('heading', { level: 1, name: T.countries.heading })).toBeVisible();
    await see(page.getByText(`${staff.email} (${T.roles.editor ?? ''})`)).toBeVisible();
    await speaks(page, locale, 'countries', found);

    // A country with a file: the rule editor and the live preview of its forms.
    await page.goto(`${baseUrl()}/console/countries/${WITH_FILE}`);
    await see(page.getByRole('heading', { level: 2, name: T.country.preview })).toBeVisible();
    await see(page.getByRole('button', { name: T.country.save })).toBeVisible();
    await see(page.getByRole('button', { name: T.country.previewCheck }).first()).toBeVisible();
    await speaks(page, locale, `country ${WITH_FILE}`, found);
    // A picture of the screen in the language, to look at by eye (test-results, not committed).
    await page.screenshot({ path: join(REPO_ROOT, `test-results/console-${locale}-country.png`) });

    // A country with no file: what it follows, and the templates.
    await page.goto(`${baseUrl()}/console/countries/${WITHOUT_FILE}`);
    await see(page.getByRole('heading', { level: 1 })).toBeVisible();
    await see(page.getByRole('main').getByText(T.loading)).toBeHidden();
    await speaks(page, locale, `country ${WITHOUT_FILE}`, found);

    // A draft's version page, with its changes said in the language.
    const draft = await draftOf(author, WITH_FILE);
    await page.goto(`${baseUrl()}/console/versions/${draft}`);
    await see(
      page.getByRole('heading', { level: 1, name: T.version.heading(draft, WITH_FILE) }),
    ).toBeVisible();
    await see(
      page.getByRole('listitem').filter({ hasText: /^source ?: .*\(reviewed\)$/ }),
    ).toBeVisible();
    await speaks(page, locale, 'version', found);
    await page.screenshot({ path: join(REPO_ROOT, `test-results/console-${locale}-version.png`) });

    await page.goto(`${baseUrl()}/console/account`);
    await see(page.getByRole('heading', { level: 1, name: T.account.heading })).toBeVisible();
    await speaks(page, locale, 'account', found);

    await page.goto(`${baseUrl()}/console/nowhere`);
    await see(page.getByRole('alert').filter({ hasText: T.notFound })).toBeVisible();
    await speaks(page, locale, 'unknown page', found);

    // Another browser opens in the staff member's language once they sign in.
    const elsewhere = await newPage();
    const elsewhereErrors = consoleErrors(elsewhere);
    await elsewhere.goto(`${baseUrl()}/console`);
    await elsewhere.getByLabel(en.signIn.email, { exact: true }).fill(staff.email);
    await elsewhere.getByLabel(en.signIn.password, { exact: true }).fill(STAFF_PASSWORD);
    await elsewhere
      .getByLabel(en.signIn.code, { exact: true })
      .fill(staff.totp.generate({ timestamp: Date.now() + 30_000 }));
    await elsewhere.getByRole('button', { name: en.signIn.submit }).click();
    await see(
      elsewhere.getByRole('heading', { level: 1, name: T.countries.heading }),
    ).toBeVisible();
    await expect.poll(() => elsewhere.evaluate(() => document.documentElement.lang)).toBe(locale);

    expect(found).toEqual([]);
    expect([...errors, ...elsewhereErrors]).toEqual([]);
  }, 150_000);
});
