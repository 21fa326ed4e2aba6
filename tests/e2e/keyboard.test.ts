// Keyboard only (issue 15): a person registers from an invitation, signs in, verifies the emailed
// code, completes the profile, passes the identity check and adds a bank account with nothing but
// key presses and typing (no click, no fill). At every Tab stop the focused element shows a focus
// indicator; a failed submit moves focus to the first invalid field; modal dialogs and the side
// panel keep Tab inside them and give focus back to what opened them when they close.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { createClaim, uniqueEmail } from './support/api';
import { browserForFile } from './support/browser';
import { PASSWORD } from './support/constants';
import { mailedCode, named, see, startsWith, textsOf } from './support/ui';

const { newPage } = browserForFile();
const base = () => `http://localhost:${inject('e2ePort')}`;
const t = textsOf('en');

interface Focused {
  name: string;
  tag: string;
  id: string;
  indicator: boolean;
  invalid: boolean;
  firstInvalid: boolean;
  inDialog: boolean;
}

/** What has the focus: its accessible name (roughly), and whether a focus indicator shows. */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body)
      return {
        name: '',
        tag: 'body',
        id: '',
        indicator: false,
        invalid: false,
        firstInvalid: false,
        inDialog: false,
      };
    const text = (node: Element | null | undefined) => (node?.textContent ?? '').trim();
    const labelledBy = el.getAttribute('aria-labelledby');
    const labels = (el as HTMLInputElement).labels;
    const name =
      el.getAttribute('aria-label') ??
      (labelledBy
        ? labelledBy
            .split(' ')
            .map((id) => text(document.getElementById(id)))
            .join(' ')
        : labels && labels.length
          ? text(labels[0])
          : text(el));
    // A visible indicator: an outline of 2px or more, or a focus ring drawn as a box shadow, on
    // the element or on the option row that wraps a radio or a checkbox.
    const shows = (node: Element | null) => {
      if (!node) return false;
      const style = getComputedStyle(node);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
      return (
        outline || (style.boxShadow !== 'none' && node.matches(':focus-visible, :focus-within'))
      );
    };
    const firstInvalid = document.querySelector('main [aria-invalid="true"]:not([type="hidden"])');
    return {
      name: name.replace(/\s+/g, ' '),
      tag: el.tagName.toLowerCase(),
      id: el.id,
      indicator: shows(el) || shows(el.closest('label')),
      invalid: el.getAttribute('aria-invalid') === 'true',
      firstInvalid: el === firstInvalid,
      inDialog: Boolean(el.closest('dialog, [role="dialog"], [role="alertdialog"]')),
    };
  });
}

/** Tab stops that showed no focus indicator, by page and name. */
const invisible: string[] = [];

/**
 * Presses Tab (or Shift+Tab) until the focused element matches, checking the focus indicator at
 * every stop on the way.
 */
async function tabTo(
  page: Page,
  target: RegExp | ((f: Focused) => boolean),
  options: { back?: boolean; max?: number } = {},
): Promise<Focused> {
  const matches = typeof target === 'function' ? target : (f: Focused) => target.test(f.name);
  const seen: string[] = [];
  for (let i = 0; i < (options.max ?? 60); i++) {
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    if (now.tag !== 'body' && !now.indicator)
      invisible.push(`${new URL(page.url()).pathname}: ${now.tag} "${now.name}"`);
    if (matches(now)) return now;
    seen.push(`${now.tag} "${now.name}"`);
  }
  throw new Error(`Tab never reached ${String(target)}; stops: ${seen.join(', ')}`);
}

/** Tab several times and prove focus never leaves the open dialog. */
async function expectTrapped(page: Page, presses = 12) {
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    expect(now.inDialog, `Tab ${i + 1} left the dialog for ${now.tag} "${now.name}"`).toBe(true);
  }
}

const field = (label: string) => named(label);

describe('keyboard only (browser)', () => {
  it('Enter right after the last key sends what was typed (fields hand keys over after the frame)', async () => {
    const email = uniqueEmail('enter');
    const { inviteUrl } = await createClaim(email);
    const page = await newPage();
    await page.goto(inviteUrl.replace(/^https?:\/\/[^/]+/, base()));
    const submit = page.getByRole('button', { name: named(t.common('register.submit')) });
    await tabTo(page, (f) => f.tag === 'input' && /terms of service/i.test(f.name));
    await page.keyboard.press('Space');
    await tabTo(page, field(t.field('password')));
    await page.keyboard.type(PASSWORD);
    await tabTo(page, field(t.field('passwordConfirmation')));
    await see(submit).toBeDisabled();
    // The last key enables the button; Enter is sent with it, before that key's pass has run.
    await page.keyboard.type(PASSWORD.slice(0, -1));
    await Promise.all([page.keyboard.type(PASSWORD.slice(-1)), page.keyboard.press('Enter')]);
    await see(page.getByRole('dialog')).toContainText(t.common('register.success.title'));
  });

  it('registers, completes the profile and adds a bank account without the mouse', async () => {
    const email = uniqueEmail('keyboard');
    const { inviteUrl } = await createClaim(email);
    const page = await newPage();
    await page.goto(inviteUrl.replace(/^https?:\/\/[^/]+/, base()));
    await see(page.getByRole('heading', { level: 1 })).toHaveText(t.common('register.title'));

    // Register: the skip link comes first, then the form.
    const skip = await tabTo(page, startsWith(t.common('header.skipToContent')));
    expect(skip.tag).toBe('a');
    await tabTo(page, field(t.field('password')));
    await page.keyboard.type(PASSWORD);
    await tabTo(page, field(t.field('passwordConfirmation')));
    await page.keyboard.type(PASSWORD);
    await tabTo(page, (f) => f.tag === 'input' && /terms of service/i.test(f.name));
    await page.keyboard.press('Space');
    await tabTo(page, field(t.common('register.submit')));
    await page.keyboard.press('Enter');

    // The success modal takes the focus and keeps it.
    const dialog = page.getByRole('dialog');
    await see(dialog).toContainText(t.common('register.success.title'));
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
    await expectTrapped(page);
    await tabTo(page, field(t.common('register.success.signIn')));
    await page.keyboard.press('Enter');

    // The server's sign-in page.
    await page.waitForURL(/\/master\/auth-app\/v1\/login\?/);
    await tabTo(page, (f) => f.id === 'email');
    await page.keyboard.type(email);
    await tabTo(page, (f) => f.id === 'password');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/registration\/verify-account$/);

    // The code mailed when the page opened.
    const code = await mailedCode(email);
    await tabTo(page, field(t.common('registration.verify.codeLabel')));
    await page.keyboard.type(code.otp);
    await tabTo(page, field(t.common('registration.verify.confirm')));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/registration$/);
    await see(page.getByRole('heading', { level: 1 })).toHaveText(
      t.common('registration.details.title'),
    );

    // A failed submit moves the focus to the first invalid field.
    await tabTo(page, field(t.common('registration.details.next')));
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).firstInvalid).toBe(true);
    const first = await focused(page);
    expect(first.invalid).toBe(true);
    expect(first.indicator, 'the focused invalid field shows a focus indicator').toBe(true);

    // The person's details, from the top of the form.
    await page.keyboard.press('Shift+Tab');
    await tabTo(page, field(t.field('firstName')));
    await page.keyboard.type('Ana');
    await tabTo(page, field(t.field('lastName')));
    await page.keyboard.type('Lima');
    await tabTo(page, field(t.field('dob')));
    await page.keyboard.type('04121990');
    await tabTo(page, field(t.field('residency')));
    await page.keyboard.type('United States');
    await expect.poll(() => page.locator('#root_residency').inputValue()).toBe('US');
    // The US form (SSN or ITIN) replaces the generic one once its variant has loaded: a keyboard
    // user tabs on when it is on the screen.
    await page.getByLabel(named(t.field('ssnOrItin'))).waitFor();
    await tabTo(page, field(t.field('ssnOrItin')));
    await page.keyboard.type('123-45-6789');
    await tabTo(page, field(t.common('registration.details.next')));
    await page.keyboard.press('Enter');

    // The address, then save.
    const section = page.getByRole('region', { name: t.common('registration.address.title') });
    await see(section).toBeVisible();
    await tabTo(page, field(t.field('addressLine1')));
    await page.keyboard.type('350 Fifth Avenue');
    await tabTo(page, field(t.field('city')));
    await page.keyboard.type('New York');
    await tabTo(page, field(t.field('state')));
    await page.keyboard.type('New York');
    await tabTo(page, field(t.field('zipCode')));
    await page.keyboard.type('10118');
    await tabTo(page, field(t.common('registration.details.save')));
    await page.keyboard.press('Enter');
    await see(page.getByText(t.common('registration.details.saved'))).toBeVisible();
    await tabTo(page, field(t.common('registration.details.continue')));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/dashboard$/);

    // The side panel: focus goes in, stays in, and comes back to the profile button.
    await see(page.getByRole('heading', { level: 1 })).toHaveText(t.common('pages.dashboard'));
    await tabTo(page, field(t.common('header.profile')));
    await page.keyboard.press('Enter');
    await see(page.getByRole('dialog', { name: t.common('sidePanel.title') })).toBeVisible();
    await expectTrapped(page);
    await page.keyboard.press('Escape');
    await see(page.getByRole('dialog')).toBeHidden();
    expect((await focused(page)).name).toBe(t.common('header.profile'));
    await page.keyboard.press('Enter');
    await tabTo(page, field(t.common('sidePanel.settings')));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/settings$/);

    // A modal opened from a button gives the focus back to it on Escape.
    await see(page.getByRole('heading', { level: 1 })).toHaveText(t.common('settings.title'));
    const opener = await tabTo(page, startsWith(t.common('settings.deleteAccount.open')));
    await page.keyboard.press('Enter');
    await see(page.getByRole('alertdialog')).toBeVisible();
    await expectTrapped(page, 6);
    await page.keyboard.press('Escape');
    await see(page.getByRole('alertdialog')).toBeHidden();
    expect((await focused(page)).name).toBe(opener.name);

    // The bank account: country first (the form changes to its fields), then the fields.
    // The "+ Bank account" link (the plus is decoration).
    await tabTo(page, new RegExp(`${t.common('payoutMethods.types.bankAccount')}$`), {
      back: true,
    });
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/bank-account$/);
    // As a keyboard user does, once the form is on the screen (its chunks and validator load on
    // the way: a client-side navigation has no announced files).
    await see(page.getByLabel(field(t.field('countryCode')))).toBeVisible();
    await tabTo(page, field(t.field('countryCode')));
    await page.keyboard.type('United Kingdom');
    await expect.poll(() => page.getByLabel(field(t.field('sortCode'))).count()).toBe(1);
    // Submitting it empty puts the focus on the first field in error.
    await tabTo(page, field(t.common('payoutMethods.bankAccount.add')));
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).firstInvalid).toBe(true);
    await page.keyboard.press('Shift+Tab');
    await tabTo(page, field(t.field('nickname')));
    await page.keyboard.type('London current');
    await tabTo(page, field(t.field('sortCode')));
    await page.keyboard.type('200000');
    await tabTo(page, field(t.field('accountNumber')));
    await page.keyboard.type('55779911');
    await tabTo(page, field(t.field('accountNumberConfirmation')));
    await page.keyboard.type('55779911');
    await tabTo(page, field(t.common('payoutMethods.bankAccount.add')));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/settings$/);
    await see(page.getByText('London current')).toBeVisible();

    expect(invisible, 'Tab stops without a visible focus indicator').toEqual([]);
  }, 150_000);
});
