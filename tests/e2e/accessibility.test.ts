// WCAG 2.2 AA in the browser (issue 15): axe-core on every screen of the route table in each
// state a user reaches it in (empty form, form with errors after a failed submit, each modal, the
// side panel, the code dialog), on the light merchant and the dark one, in English and Spanish.
// Two passes over every state: English in the light theme, then Spanish in the dark merchant's look
// (the dark theme with the colours its configuration sets); the dark merchant's public pages as it
// serves them. No serious or critical violation may remain.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import nightfall from '../../config/merchants/nightfall.json';
import { COLOR_VARIABLES, type ThemeColor } from '../../src/core/branding/contrast';
import { ROUTES } from '../../src/web/app/route-table';
import {
  activatedUser,
  createClaim,
  PERSON,
  registeredUser,
  setProfileStatus,
  uniqueEmail,
} from './support/api';
import { axeAudit, seriousViolations, type Theme } from './support/axe';
import { browserForFile, signInThroughPortal } from './support/browser';
import { chooseLanguage, mailedCode, named, see, startsWith, textsOf } from './support/ui';
import { UKRAINIAN_WIRE } from '../fixtures/payout-methods';

const { newPage } = browserForFile();
const origin = (host = 'localhost') => `http://${host}:${inject('e2ePort')}`;
/** The route-table paths the passes visited, to prove none was left out. */
const visited = new Set<string>();

/**
 * Invalid fields of the form whose error is not announced with them: each needs a label, and an
 * aria-describedby that names the element showing its error message.
 */
function untiedErrors(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement>('main [aria-invalid="true"]')].flatMap(
      (input) => {
        const named =
          (input.labels?.length ?? 0) > 0 ||
          input.hasAttribute('aria-label') ||
          input.hasAttribute('aria-labelledby');
        const described = (input.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id))
          .some((el) => el?.matches('.schema-form__errors') && el.textContent?.trim());
        return named && described ? [] : [`${input.id}: named ${named}, error tied ${described}`];
      },
    ),
  );
}

/** Whichever modal is open: a dialog or an alert dialog. */
const anyDialog = (page: Page) => page.locator('[role="dialog"], [role="alertdialog"]').first();

async function settle(page: Page) {
  await page.locator('h1, [role="dialog"], [role="alertdialog"]').first().waitFor();
  await page.waitForLoadState('networkidle');
}

/** Users shared by both passes (made once, through the API). */
let activated: Awaited<ReturnType<typeof activatedUser>>;
let failedProofing: Awaited<ReturnType<typeof activatedUser>>;
/** A person in each status that has a page of its own (the identity check's answers, a lock). */
let byStatusPage: Record<string, Awaited<ReturnType<typeof activatedUser>>>;
let bankAccountId = '';
beforeAll(async () => {
  let mismatch, final, locked;
  [activated, failedProofing, mismatch, final, locked] = await Promise.all([
    activatedUser(uniqueEmail('a11y')),
    activatedUser(uniqueEmail('a11y-failed'), { ...PERSON, lastName: 'Fail' }),
    activatedUser(uniqueEmail('a11y-mismatch'), { ...PERSON, lastName: 'Mismatch' }),
    activatedUser(uniqueEmail('a11y-final'), { ...PERSON, lastName: 'Final' }),
    activatedUser(uniqueEmail('a11y-locked')),
  ]);
  await setProfileStatus(locked.profile.id, 'LOCKED');
  byStatusPage = {
    '/name-match-failed': mismatch,
    '/relationship-verification-failed': final,
    '/account-blocked': locked,
  };
  const added = await activated.client.api<{ id?: string; bankAccount?: { id: string } }>(
    'POST',
    '/payment-methods/bank-accounts',
    UKRAINIAN_WIRE,
  );
  expect(added.status).toBe(200);
  const methods = await activated.client.api<{ bankAccount?: { id: string } }[]>(
    'GET',
    '/payment-methods',
  );
  bankAccountId = methods.body.data.find((m) => m.bankAccount)?.bankAccount?.id ?? '';
  expect(bankAccountId).not.toBe('');
}, 60_000);

/** The dark merchant's look: its theme and the colours its configuration sets over it. */
const darkMerchantColors = Object.fromEntries(
  Object.entries(nightfall.configuration.branding.colors).flatMap(([color, value]) => [
    [COLOR_VARIABLES[color as ThemeColor], value],
    ...(color === 'primary' ? [['--color-focus', value]] : []),
  ]),
);

const PASSES: { locale: string; theme: Theme; colors?: Record<string, string> }[] = [
  { locale: 'en', theme: 'light' },
  { locale: 'es', theme: 'dark', colors: darkMerchantColors },
];

describe.each(PASSES)('accessibility in $locale, $theme theme (axe, WCAG 2.2 AA)', (pass) => {
  const t = textsOf(pass.locale);
  const audit = axeAudit(pass);

  /** Opens a route (the table's path, its parameters filled in) and checks it as it first shows. */
  async function visit(page: Page, route: string, path = route) {
    await page.goto(`${origin()}${path}`);
    await settle(page);
    visited.add(route);
    await audit.check(page, path);
  }

  /** Submits the screen's form as it is (empty) and checks the errors it shows. */
  async function failedSubmit(page: Page, state: string) {
    await page.locator('main [type="submit"]').last().click();
    await see(page.locator('main [aria-invalid="true"]').first()).toBeVisible();
    await audit.check(page, `${state} after a failed submit`);
    expect(await untiedErrors(page), `${state}: fields whose error is not tied to them`).toEqual(
      [],
    );
  }

  async function signedIn(email: string) {
    const page = await newPage();
    await signInThroughPortal(page, origin(), email);
    await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
    await chooseLanguage(page, pass.locale);
    return page;
  }

  it('public screens, the sign-in page and registration from an invitation', async () => {
    const page = await newPage();
    await page.goto(`${origin()}/auth/start`);
    await settle(page);
    await chooseLanguage(page, pass.locale);
    visited.add('/auth/start');
    await audit.check(page, '/auth/start');
    await visit(page, '/static/*', '/static/terms');
    await visit(page, '*', '/no-such-page');
    await visit(page, '/auth/logout-successful');
    await visit(page, '/maintenance');
    // /auth/login leads to the server's sign-in page.
    await page.goto(`${origin()}/auth/login`);
    await page.waitForURL(/\/master\/auth-app\/v1\/login\?/);
    visited.add('/auth/login');
    await audit.check(page, 'sign-in page', true);
    await page.locator('#email').fill('nobody@example.com');
    await page.locator('#password').fill('wrong-password-1');
    await Promise.all([
      page.waitForLoadState('load'),
      page.locator('form [type="submit"]').first().click(),
    ]);
    await audit.check(page, 'sign-in page after a wrong password', true);

    const email = uniqueEmail('a11y-register');
    const { inviteUrl } = await createClaim(email);
    await page.goto(inviteUrl.replace(/^https?:\/\/[^/]+/, origin()));
    await settle(page);
    visited.add('/auth/register');
    await audit.check(page, '/auth/register');
    await page.getByLabel(named(t.field('password'))).fill('short');
    await page.getByLabel(named(t.field('passwordConfirmation'))).fill('different');
    await page.keyboard.press('Tab');
    await see(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    await audit.check(page, '/auth/register with errors');
  });

  it.runIf(pass.locale === 'es')('the dark merchant in its own theme and language', async () => {
    const page = await newPage();
    const dark = origin('dark.localhost');
    for (const path of ['/auth/start', '/no-such-page', '/maintenance', '/auth/login']) {
      await page.goto(`${dark}${path}`);
      if (path === '/auth/login') {
        // The server's sign-in page, in the merchant's colours (no theme attribute to switch).
        await page.waitForURL(/\/master\/auth-app\/v1\/login\?/);
        await audit.check(page, `dark merchant sign-in page`, true);
        continue;
      }
      await settle(page);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      await audit.check(page, `dark merchant ${path}`, true);
    }
  });

  it('account setup: verify the account, then the profile form empty and with errors', async () => {
    const user = await registeredUser(uniqueEmail(`a11y-setup-${pass.locale}`));
    const page = await signedIn(user.email);
    await page.waitForURL(/\/registration\/verify-account$/);
    await settle(page);
    visited.add('/');
    visited.add('/registration/verify-account');
    await audit.check(page, '/registration/verify-account');
    const code = page.getByLabel(t.common('registration.verify.codeLabel'));
    await code.fill('000000');
    await page
      .getByRole('button', { name: named(t.common('registration.verify.confirm')) })
      .click();
    await see(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    await audit.check(page, '/registration/verify-account with a wrong code');
    await code.fill((await mailedCode(user.email)).otp);
    await page
      .getByRole('button', { name: named(t.common('registration.verify.confirm')) })
      .click();
    await page.waitForURL(/\/registration$/);
    await settle(page);
    visited.add('/registration');
    await audit.check(page, '/registration (person)');
    await page.getByRole('button', { name: named(t.common('registration.details.next')) }).click();
    await see(page.locator('main [aria-invalid="true"]').first()).toBeVisible();
    await audit.check(page, '/registration (person) after a failed submit');
    await page.getByRole('radio', { name: named(t.common('registration.type.company')) }).check();
    await audit.check(page, '/registration (company)');
  });

  it('the identity check that failed, with the photo-ID upload', async () => {
    const page = await signedIn(failedProofing.email);
    await page.waitForURL(/\/id-proofing$/);
    await settle(page);
    visited.add('/id-proofing');
    await audit.check(page, '/id-proofing (failed)');
  });

  it('signed-in screens: dashboard, code dialog, settings, modals, side panel', async () => {
    const page = await signedIn(activated.email);
    await visit(page, '/dashboard');
    const claim = page.getByRole('listitem').filter({ hasText: '125' });
    await claim.getByRole('button', { name: named(t.common('dashboard.actions.accept')) }).click();
    await see(page.getByRole('group').last()).toBeVisible();
    await audit.check(page, '/dashboard accept panel');
    await claim.getByRole('button', { name: named(t.common('dashboard.accept.continue')) }).click();
    const dialog = page.getByRole('dialog');
    await see(dialog).toBeVisible();
    await audit.check(page, '/dashboard code dialog');
    await dialog.getByLabel(t.common('codeDialog.codeLabel')).fill('000000');
    await dialog.getByRole('button', { name: named(t.common('codeDialog.confirm')) }).click();
    await see(dialog.getByRole('alert')).toBeVisible();
    await audit.check(page, '/dashboard code dialog after a wrong code');
    await page.keyboard.press('Escape');
    await see(dialog).toBeHidden();
    await claim.getByRole('button', { name: named(t.common('dashboard.actions.cancel')) }).click();
    await see(anyDialog(page)).toBeVisible();
    await audit.check(page, '/dashboard cancel-claim modal');
    await page.keyboard.press('Escape');

    await visit(page, '/settings');
    await page
      .getByRole('button', { name: startsWith(t.common('settings.deleteAccount.open')) })
      .click();
    await see(page.getByRole('alertdialog')).toBeVisible();
    await audit.check(page, '/settings delete-account modal');
    await page.keyboard.press('Escape');
    const card = page.getByRole('listitem').filter({ hasText: UKRAINIAN_WIRE.nickname });
    await card
      .getByRole('button', { name: startsWith(t.common('settings.methods.delete')) })
      .click();
    await see(anyDialog(page)).toBeVisible();
    await audit.check(page, '/settings delete-method modal');
    await page.keyboard.press('Escape');

    await page
      .locator('header')
      .getByRole('button', { name: t.common('header.profile') })
      .click();
    await see(page.getByRole('dialog', { name: t.common('sidePanel.title') })).toBeVisible();
    await audit.check(page, '/settings side panel');
    await page.keyboard.press('Escape');

    // A runtime error outside React: the global error modal.
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('a11y: a runtime error');
      });
    });
    await see(page.getByRole('alertdialog')).toBeVisible();
    await audit.check(page, 'client error modal');
    await page.keyboard.press('Escape');
    // The browser's back button on a pinned page.
    await page.goBack();
    await see(anyDialog(page)).toBeVisible();
    await audit.check(page, 'back-button modal');
    await page.keyboard.press('Escape');
    // A second window while the first is open: it is told the portal is open elsewhere.
    const second = await page.context().newPage();
    await second.goto(`${origin()}/settings`);
    await see(anyDialog(second)).toBeVisible();
    await audit.check(second, 'portal-open-elsewhere modal');
    await second.close();
  }, 120_000);

  it('payout method forms, empty and after a failed submit, and the remaining routes', async () => {
    const page = await signedIn(activated.email);
    for (const route of ['/bank-account', '/paypal', '/zelle', '/debit-card', '/physical-check']) {
      await visit(page, route);
      // PayPal sends the user to PayPal and a check goes to the profile's address: no fields.
      if (!['/paypal', '/physical-check'].includes(route)) await failedSubmit(page, route);
    }
    await visit(page, '/bank-account/:id', `/bank-account/${bankAccountId}`);
    for (const route of [
      '/dev',
      '/registration/guardian-consent/rejected',
      '/registration/personal-info',
      '/registration/company-info',
    ])
      await visit(page, route);
    await visit(page, '/settings/guardian-consent/:minorId', '/settings/guardian-consent/unknown');
  }, 120_000);

  it('the pages of a status, each seen by a person in that status', async () => {
    for (const [route, user] of Object.entries(byStatusPage)) {
      const page = await signedIn(user.email);
      await visit(page, route);
      await page.close();
    }
  }, 120_000);

  it('the session-extension warning after 14 idle minutes', async () => {
    const page = await signedIn(activated.email);
    await page.clock.install();
    await page.goto(`${origin()}/settings`);
    await settle(page);
    // The idle timer starts once the session behaviours' chunk has loaded and rendered, which on a
    // busy machine can come after the page looks settled (and after one long jump). So the clock
    // moves 15 s at a time past 13½ minutes until the warning shows: short steps, because a step
    // taken after it shows eats into its 60 s countdown.
    await page.clock.fastForward('13:30');
    for (let step = 0; step < 60; step += 1) {
      await page.clock.fastForward('00:15');
      const shown = await anyDialog(page)
        .waitFor({ timeout: 250 })
        .then(() => true)
        .catch(() => false);
      if (shown) break;
    }
    // Time flows again: the dialog's lazily loaded parts may wait on a timer of their own.
    await page.clock.resume();
    await see(anyDialog(page)).toBeVisible();
    await audit.check(page, 'session-extension modal');
  });

  it('leaves no serious or critical violation', () => {
    expect(audit.states.length).toBeGreaterThan(30);
    expect(audit.found, audit.found.join('\n')).toEqual([]);
  });
});

describe('accessibility coverage', () => {
  it('the audit itself fails on a serious violation (low contrast, an unnamed field)', async () => {
    const page = await newPage();
    await page.goto(`${origin()}/auth/start`);
    await settle(page);
    await page.evaluate(() => {
      const text = document.createElement('p');
      text.textContent = 'Pale text';
      text.style.color = '#b0b0b0';
      text.style.background = '#ffffff';
      const input = document.createElement('input');
      document.querySelector('main')?.append(text, input);
    });
    const found = await seriousViolations(page, 'probe', ['color-contrast', 'label']);
    expect(found.join('\n')).toMatch(/color-contrast \[serious\]/);
    expect(found.join('\n')).toMatch(/label \[critical\]/);
  });

  it('checked every screen of the route table', () => {
    // /auth/logout signs out at once and shows /auth/logout-successful, checked above.
    const screens = ROUTES.filter((r) => !r.redirect && r.path !== '/auth/logout').map(
      (r) => r.path,
    );
    expect(screens.filter((path) => !visited.has(path))).toEqual([]);
  });
});
