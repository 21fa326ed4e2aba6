// What a user sees and does in the portal, by the words on the screen: labels and buttons are read
// from the locale files, so the same journey runs in every language.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { PASSWORD, REPO_ROOT, SCREENSHOT_DIR } from './constants';
import { latestOtp } from './api';

type Namespace = 'common' | 'fields' | 'validation';
const bundles = new Map<string, unknown>();

function bundle(locale: string, ns: Namespace): unknown {
  const key = `${locale}/${ns}`;
  if (!bundles.has(key)) {
    bundles.set(
      key,
      JSON.parse(readFileSync(join(REPO_ROOT, 'locales', locale, `${ns}.json`), 'utf8')),
    );
  }
  return bundles.get(key);
}

/** The texts of one locale, as the portal shows them ({{name}} values filled in). */
export function textsOf(locale: string) {
  const read = (ns: Namespace, key: string, values: Record<string, string> = {}): string => {
    const text = key
      .split('.')
      .reduce<unknown>(
        (node, part) => (node as Record<string, unknown> | undefined)?.[part],
        bundle(locale, ns),
      );
    if (typeof text !== 'string') throw new Error(`locales/${locale}/${ns}.json has no "${key}"`);
    return text.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => values[name] ?? '');
  };
  return {
    locale,
    common: (key: string, values?: Record<string, string>) => read('common', key, values),
    field: (key: string) => read('fields', key),
    validation: (key: string, values?: Record<string, string>) => read('validation', key, values),
  };
}
export type Texts = ReturnType<typeof textsOf>;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Matches an accessible name that is exactly this text (a required star may follow). */
export const named = (text: string) => new RegExp(`^\\s*${escape(text)}\\s*\\*?\\s*$`, 'i');
/** Matches an accessible name that starts with this text. */
export const startsWith = (text: string) => new RegExp(`^\\s*${escape(text)}`, 'i');

const TYPED =
  'input:not([type="radio"]):not([type="checkbox"]):not([type="hidden"]), select, textarea';
/** A field one types into or picks from, by its translated label (radios and boxes apart). */
export const field = (scope: Page | Locator, label: string): Locator =>
  scope.getByLabel(named(label)).and(scope.locator(TYPED));

/** Writes a screenshot of the whole page for humans to look at (test-results/screenshots). */
export async function picture(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

const POLL = { timeout: 10_000, interval: 100 };

/**
 * Retrying assertions on a locator (playwright-core has no `expect`): each polls until it holds
 * or 10 s pass, so the page may still be loading when it is called.
 */
export function see(locator: Locator) {
  return {
    toBeVisible: () => expect.poll(() => locator.isVisible(), POLL).toBe(true),
    toBeHidden: () => expect.poll(() => locator.isVisible(), POLL).toBe(false),
    toBeDisabled: () => expect.poll(() => locator.isDisabled(), POLL).toBe(true),
    toBeEnabled: () => expect.poll(() => locator.isEnabled(), POLL).toBe(true),
    toBeFocused: () =>
      expect.poll(() => locator.evaluate((el) => el === document.activeElement), POLL).toBe(true),
    toHaveCount: (count: number) => expect.poll(() => locator.count(), POLL).toBe(count),
    toHaveText: (text: string | RegExp) =>
      expect
        .poll(async () => ((await locator.first().textContent()) ?? '').trim(), POLL)
        .toMatch(typeof text === 'string' ? new RegExp(`^${escape(text)}$`) : text),
    toContainText: (text: string) =>
      expect
        .poll(
          async () =>
            (await locator
              .first()
              .textContent()
              .catch(() => '')) ?? '',
          POLL,
        )
        .toContain(text),
    toHaveAttribute: (name: string, value: string) =>
      expect.poll(() => locator.getAttribute(name), POLL).toBe(value),
  };
}

/** The server's sign-in page, then back in the portal. */
export async function signInOnLoginPage(page: Page, email: string, password = PASSWORD) {
  await page.waitForURL(/\/master\/auth-app\/v1\/login\?/);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await Promise.all([
    page.waitForURL(
      (url) => !url.pathname.startsWith('/master/') && !url.pathname.startsWith('/auth/'),
    ),
    page.locator('form [type="submit"]').first().click(),
  ]);
}

/** Step 1 of account setup: the code mailed on opening the page, read from the outbox. */
export async function verifyAccount(page: Page, t: Texts, email: string) {
  await page.waitForURL(/\/registration\/verify-account$/);
  await see(page.getByRole('heading', { level: 1 })).toHaveText(
    t.common('registration.verify.title'),
  );
  // The prefix shows once the code is sent; the outbox then has it.
  await see(page.locator('.code-dialog__prefix')).toHaveText(/^\d{4}$/);
  await picture(page, `${t.locale}-verify-account`);
  await page.getByLabel(t.common('registration.verify.codeLabel')).fill(await latestOtp(email));
  await page.getByRole('button', { name: named(t.common('registration.verify.confirm')) }).click();
  await page.waitForURL(/\/registration$/);
}
