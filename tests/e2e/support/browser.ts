// Debian's Chromium driven by playwright-core (never `playwright install`): one browser per test
// file, a new context per test.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, launchBrowser } from '../../support/chromium';
import { afterAll, afterEach, beforeAll, type TestContext } from 'vitest';
import { PASSWORD, REPO_ROOT } from './constants';

export { CHROMIUM_ARGS, CHROMIUM_PATH, launchBrowser };

type Test = TestContext['task'];

/**
 * Registers the hooks of a test file: one browser for the file, and `newPage()` opening a page in
 * a fresh context (no shared cookies or storage) that is closed after the test. Tests that run
 * concurrently pass their own test (`newPage({ test: task })`), so that one test's end closes
 * only its own pages.
 */
export function browserForFile() {
  let browser: Browser | undefined;
  /** Contexts by the test that opened them (undefined: the one test running). */
  const contexts = new Map<Test | undefined, BrowserContext[]>();
  beforeAll(async () => {
    browser = await launchBrowser();
  }, 30_000);
  afterEach(async ({ task }) => {
    const own = [...(contexts.get(task) ?? []), ...(contexts.get(undefined) ?? [])];
    contexts.delete(task);
    contexts.delete(undefined);
    // A failed journey leaves a picture of each of its pages (test-results/failures) to look at.
    if (task.result?.state === 'fail') {
      const dir = join(REPO_ROOT, 'test-results/failures');
      mkdirSync(dir, { recursive: true });
      const pages = own.flatMap((c) => c.pages());
      await Promise.all(
        pages.map((page, i) =>
          page
            .screenshot({
              path: join(dir, `${task.name.replace(/\W+/g, '-')}-${i}.png`),
              fullPage: true,
            })
            .catch(() => undefined),
        ),
      );
    }
    await Promise.all(own.map((c) => c.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async newPage(
      options: { viewport?: { width: number; height: number }; test?: Test } = {},
    ): Promise<Page> {
      if (!browser) throw new Error('the browser did not start');
      const context = await browser.newContext({
        viewport: options.viewport ?? { width: 1280, height: 800 },
        locale: 'en-US',
      });
      context.setDefaultTimeout(10_000);
      contexts.set(options.test, [...(contexts.get(options.test) ?? []), context]);
      return context.newPage();
    },
  };
}

/** Fills and submits the server's sign-in page (#email, #password), then back in the portal. */
export async function submitLoginPage(page: Page, email: string, password = PASSWORD) {
  await page.waitForURL(/\/master\/auth-app\/v1\/login\?/);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await Promise.all([
    // Past the server's pages (/master/) and the portal's sign-in door (/auth/).
    page.waitForURL(
      (url) => !url.pathname.startsWith('/master/') && !url.pathname.startsWith('/auth/'),
    ),
    page.locator('form [type="submit"]').first().click(),
  ]);
}

/** Signs in from the portal's start page: the sign-in button, then the server's login page. */
export async function signInThroughPortal(page: Page, baseUrl: string, email: string) {
  await page.goto(`${baseUrl}/`);
  await page.waitForURL(/\/auth\/start\?redirectUrl=/);
  await page.getByRole('link', { name: commonText('en', 'start.signIn') }).click();
  await submitLoginPage(page, email);
}

/** A string of locales/<lng>/common.json by its dotted key, with {{name}} values filled in. */
export function commonText(
  locale: string,
  key: string,
  values: Record<string, string> = {},
): string {
  const file = join(REPO_ROOT, 'locales', locale, 'common.json');
  let bundle: unknown;
  try {
    bundle = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new Error(`locales/${locale}/common.json is missing or not JSON`);
  }
  const text = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], bundle);
  if (typeof text !== 'string') throw new Error(`locales/${locale}/common.json has no "${key}"`);
  return text.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => values[name] ?? '');
}

/** Relative luminance (WCAG) of a CSS rgb()/rgba() color. */
export function luminance(color: string): number {
  const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map(Number);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** What the browser logs as an error on a page (a failed request's 4xx/5xx included), from now on. */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}
