// What a user sees and does in the portal, by the words on the screen: labels and buttons are read
// from the locale files, so the same journey runs in every language.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect, vi } from 'vitest';
import { PASSWORD, REPO_ROOT, SCREENSHOT_DIR } from './constants';
import { US_ADDRESS } from '../../fixtures/people';
import { baseUrl } from './api';
import { signInThroughPortal, submitLoginPage } from './browser';

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

/** The text as a regular expression that matches it literally. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Matches an accessible name that is exactly this text (a required star may follow). */
export const named = (text: string) => new RegExp(`^\\s*${escapeRegExp(text)}\\s*\\*?\\s*$`, 'i');
/** Matches an accessible name that starts with this text. */
export const startsWith = (text: string) => new RegExp(`^\\s*${escapeRegExp(text)}`, 'i');

const TYPED =
  'input:not([type="radio"]):not([type="checkbox"]):not([type="hidden"]), select, textarea';
/** A field one types into or picks from, by its translated label (radios and boxes apart). */
export const field = (scope: Page | Locator, label: string): Locator =>
  scope.getByLabel(named(label)).and(scope.locator(TYPED));

/** Writes a screenshot of the whole page for humans to look at (test-results/screenshots). */
export async function picture(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.waitForLoadState('networkidle');
  // From the top, so the sticky header is not painted over the middle of a full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

const POLL = { timeout: 10_000, interval: 100 };

/**
 * Reads `read` until `check` passes or the time is up, then throws check's last failure: what
 * expect.poll does, bound to no test, so that tests running concurrently (the status walk) may
 * wait after another of them has ended.
 */
export function until<T>(
  read: () => Promise<T>,
  check: (value: T) => void,
  options: { timeout: number; interval: number } = POLL,
): Promise<void> {
  return vi.waitFor(async () => check(await read()), options);
}

/** The newest code mailed to the address since a moment (waiting for it) and its 4-digit prefix. */
export async function mailedCode(
  email: string,
  since = 0,
): Promise<{ otp: string; prefix: string }> {
  type Message = { otp: string | null; text?: string; createdAt: string };
  let found: Message | undefined;
  await until(
    async () => {
      const response = await fetch(
        `${baseUrl()}/master/dev/v1/outbox?to=${encodeURIComponent(email)}`,
      );
      const { data } = (await response.json()) as { data: Message[] };
      found = data.find((m) => m.otp && Date.parse(m.createdAt) >= since);
      return found?.otp ?? '';
    },
    (otp) => expect(otp).toMatch(/^\d{6}$/),
  );
  const otp = found?.otp ?? '';
  return { otp, prefix: /\b(\d{4})-?\d{6}\b/.exec(found?.text ?? '')?.[1] ?? '' };
}

/**
 * Retrying assertions on a locator (playwright-core has no `expect`): each polls until it holds
 * or 10 s pass, so the page may still be loading when it is called.
 */
export function see(locator: Locator) {
  const is = <T>(read: () => Promise<T>, value: T) =>
    until(read, (actual) => expect(actual).toBe(value));
  return {
    toBeVisible: () => is(() => locator.isVisible(), true),
    toBeHidden: () => is(() => locator.isVisible(), false),
    toBeDisabled: () => is(() => locator.isDisabled(), true),
    toBeEnabled: () => is(() => locator.isEnabled(), true),
    toBeFocused: () => is(() => locator.evaluate((el) => el === document.activeElement), true),
    toHaveCount: (count: number) => is(() => locator.count(), count),
    toHaveText: (text: string | RegExp) =>
      until(
        async () => ((await locator.first().textContent()) ?? '').trim(),
        (actual) =>
          expect(actual).toMatch(
            typeof text === 'string' ? new RegExp(`^${escapeRegExp(text)}$`) : text,
          ),
      ),
    toContainText: (text: string) =>
      until(
        async () =>
          (await locator
            .first()
            .textContent()
            .catch(() => '')) ?? '',
        (actual) => expect(actual).toContain(text),
      ),
    toHaveAttribute: (name: string, value: string) =>
      is<string | null>(() => locator.getAttribute(name), value),
  };
}

/** Step 1 of account setup: the code mailed on opening the page, read from the outbox. */
export async function verifyAccount(page: Page, t: Texts, email: string, next = /\/registration$/) {
  await page.waitForURL(/\/registration\/verify-account$/);
  await see(page.getByRole('heading', { level: 1 })).toHaveText(
    t.common('registration.verify.title'),
  );
  // The page sends the code when it opens and then shows the code's 4-digit prefix.
  const code = await mailedCode(email);
  expect(code.prefix).toMatch(/^\d{4}$/);
  await see(page.getByText(code.prefix).first()).toBeVisible();
  await picture(page, `${t.locale}-verify-account`);
  await page.getByLabel(t.common('registration.verify.codeLabel')).fill(code.otp);
  await page.getByRole('button', { name: named(t.common('registration.verify.confirm')) }).click();
  await page.waitForURL(next);
}

export interface UsAddress {
  addressLine1: string;
  city: string;
  state: string;
  zipCode: string;
}

/** Step 2 of account setup, as the user fills it: who is paid, their details, a US address. */
export async function completeProfile(
  page: Page,
  t: Texts,
  profile:
    | { kind: 'PERSON'; firstName: string; lastName: string; dob: string; ssn: string }
    | { kind: 'COMPANY'; name: string; tin: string },
  address: UsAddress = US_ADDRESS,
) {
  await see(page.getByRole('heading', { level: 1 })).toHaveText(
    t.common('registration.details.title'),
  );
  const kind = page.getByRole('radio', {
    name: named(
      t.common(
        profile.kind === 'PERSON' ? 'registration.type.person' : 'registration.type.company',
      ),
    ),
  });
  if (await kind.isVisible()) await kind.check();
  if (profile.kind === 'PERSON') {
    await field(page, t.field('firstName')).fill(profile.firstName);
    await field(page, t.field('lastName')).fill(profile.lastName);
    await field(page, t.field('dob')).fill(profile.dob);
    await field(page, t.field('residency')).selectOption('US');
    // The residency's rule asks the number: SSN or ITIN for the US.
    await field(page, t.field('ssnOrItin')).fill(profile.ssn);
  } else {
    await field(page, t.field('name')).fill(profile.name);
    await field(page, t.field('tin')).fill(profile.tin);
    await field(page, t.field('residency')).selectOption('US');
  }
  await page.getByRole('button', { name: named(t.common('registration.details.next')) }).click();

  const section = page.getByRole('region', { name: t.common('registration.address.title') });
  await see(section).toBeVisible();
  await field(section, t.field('addressLine1')).fill(address.addressLine1);
  await field(section, t.field('city')).fill(address.city);
  await field(section, t.field('state')).selectOption(address.state);
  await field(section, t.field('zipCode')).fill(address.zipCode);
  await picture(page, `${t.locale}-registration-${profile.kind.toLowerCase()}`);
  await section.getByRole('button', { name: named(t.common('registration.details.save')) }).click();
  await see(page.getByText(t.common('registration.details.saved'))).toBeVisible();
}

/** Step 3: the identity check; the simulator activates everyone without a special last name. */
export async function passIdentityCheck(page: Page, t: Texts) {
  await page
    .getByRole('button', { name: named(t.common('registration.details.continue')) })
    .click();
  await page.waitForURL(/\/dashboard$/);
  await see(page.getByRole('heading', { level: 1 })).toHaveText(t.common('pages.dashboard'));
}

/** /bank-account: country and transfer method first, then the fields of that variant. */
export async function addBankAccount(
  page: Page,
  t: Texts,
  account: {
    country: string;
    transferMethod?: string;
    fields: Record<string, string>;
    radios?: Record<string, string>;
  },
) {
  await page.goto(new URL('/bank-account', page.url()).toString());
  await see(page.getByRole('heading', { level: 1 })).toHaveText(
    t.common('payoutMethods.bankAccount.createTitle'),
  );
  await page
    .getByLabel(named(t.field('countryCode')))
    .first()
    .selectOption(account.country);
  if (account.transferMethod) {
    await page
      .getByRole('radio', {
        name: startsWith(t.common(`payoutMethods.types.${account.transferMethod}`)),
      })
      .check();
  }
  for (const [name, value] of Object.entries(account.radios ?? {})) {
    await page.getByRole('radio', { name: named(t.field(`options.${name}.${value}`)) }).check();
  }
  for (const [name, value] of Object.entries(account.fields)) {
    await field(page, t.field(name)).fill(value);
    // A valid IBAN asks the server for its BIC, which fills the BIC field: let it land before
    // typing on, as a person reading the form would.
    if (name === 'iban') await page.waitForLoadState('networkidle');
  }
  await picture(page, `${t.locale}-bank-account-${account.country}`);
  await page
    .getByRole('button', { name: named(t.common('payoutMethods.bankAccount.add')) })
    .click();
  await page.waitForURL(/\/settings$/);
}

/** A sentence with <0>links</0> as the screen reads it. */
const plain = (text: string) => text.replace(/<\/?\d+>/g, '');

const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  pt: 'Português',
  de: 'Deutsch',
};

/** The language menu's name in any language: a signed-in page shows the stored language. */
const LANGUAGE_MENU = new RegExp(
  Object.keys(LANGUAGE_NAMES)
    .map((locale) => escapeRegExp(textsOf(locale).common('language.menu')))
    .join('|'),
  'i',
);

export async function chooseLanguage(page: Page, locale: string) {
  if ((await page.evaluate(() => document.documentElement.lang)) === locale) return;
  await page
    .locator('header')
    .getByRole('button', { name: LANGUAGE_MENU })
    .and(page.locator('[aria-haspopup="menu"]'))
    .click();
  await page.getByRole('menuitemradio', { name: LANGUAGE_NAMES[locale] }).click();
  await until(
    () => page.evaluate(() => document.documentElement.lang),
    (lang) => expect(lang).toBe(locale),
  );
}

/** Opens an invitation link (claim or guardian), registers on it and signs in. */
export async function registerFromInvitation(page: Page, t: Texts, email: string, link: string) {
  await page.goto(link.replace(/^https?:\/\/[^/]+/, baseUrl()));
  await chooseLanguage(page, t.locale);
  await see(page.getByRole('heading', { level: 1 })).toHaveText(t.common('register.title'));
  const submit = page.getByRole('button', { name: named(t.common('register.submit')) });
  await expect(await field(page, t.field('email')).inputValue()).toBe(email);
  await see(field(page, t.field('email'))).toBeDisabled();
  await see(submit).toBeDisabled();

  await field(page, t.field('password')).fill(PASSWORD);
  const confirmation = field(page, t.field('passwordConfirmation'));
  await confirmation.fill(`${PASSWORD}x`);
  await confirmation.press('Tab');
  // Leaving a confirmation that does not match says why under the field.
  await see(
    page.getByText(
      t.validation('notEqual', {
        field: t.field('passwordConfirmation'),
        other: t.field('password'),
      }),
    ),
  ).toBeVisible();
  await page.getByRole('checkbox', { name: startsWith(plain(t.common('register.terms'))) }).check();
  await see(submit).toBeDisabled();
  await field(page, t.field('passwordConfirmation')).fill(PASSWORD);
  await see(submit).toBeEnabled();
  await picture(page, `${t.locale}-register`);
  await submit.click();

  const modal = page.getByRole('dialog');
  await see(modal).toContainText(t.common('register.success.title'));
  await picture(page, `${t.locale}-register-success`);
  await modal.getByRole('button', { name: named(t.common('register.success.signIn')) }).click();
  await submitLoginPage(page, email);
}

/**
 * A recipient signs in through the portal's start page and opens the bank-account form: the steps
 * a journey takes to see the published rules refuse a value in the browser, before anything is
 * sent.
 */
export async function openBankAccountForm(page: Page, t: Texts, email: string) {
  await signInThroughPortal(page, baseUrl(), email);
  await page.waitForURL(/\/dashboard$/);
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/payment-methods/bank-accounts'))
      sent.push(request.url());
  });
  const input = (name: string) => field(page, t.field(name));
  const form = {
    page,
    input,
    /** The form afresh, as the recipient opens it. */
    async open() {
      await page.goto(`${baseUrl()}/bank-account`);
      await see(page.getByRole('heading', { level: 1 })).toHaveText(
        t.common('payoutMethods.bankAccount.createTitle'),
      );
    },
    /** The bank's country (the first country field; the address has its own). */
    country: (code: string) =>
      page
        .getByLabel(named(t.field('countryCode')))
        .first()
        .selectOption(code),
    async fill(values: Record<string, string>) {
      for (const [name, value] of Object.entries(values)) await input(name).fill(value);
    },
    /** The account number and its confirmation, typed alike. */
    accountNumber: (value: string) =>
      form.fill({ accountNumber: value, accountNumberConfirmation: value }),
    /**
     * Adds the account and sees it refused in the page: the field marked invalid, the message
     * (when given) shown, and no request sent.
     */
    async refuses(name: string, message?: string) {
      await page
        .getByRole('button', { name: named(t.common('payoutMethods.bankAccount.add')) })
        .click();
      await see(input(name)).toHaveAttribute('aria-invalid', 'true');
      if (message !== undefined) await see(page.getByText(message).first()).toBeVisible();
      expect(sent).toEqual([]);
    },
  };
  await form.open();
  return form;
}
