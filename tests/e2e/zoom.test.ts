// 400 % zoom (WCAG 1.4.10 reflow): a 1280 px window zoomed to 400 % is 320 CSS pixels wide. No
// screen may need horizontal scrolling there and nothing may be cut off: no element of the page
// reaches past either edge of the window, and no text is clipped in its box. A picture of every
// form screen at that width goes to test-results/screenshots/zoom-320-*.png for people to look at.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { activatedUser, createClaim, registeredUser, uniqueEmail } from './support/api';
import { browserForFile, signInThroughPortal } from './support/browser';
import { SCREENSHOT_DIR } from './support/constants';
import { field, mailedCode, named, see, textsOf } from './support/ui';

const { newPage } = browserForFile();
const base = () => `http://localhost:${inject('e2ePort')}`;
const t = textsOf('en');
const ZOOMED = { width: 320, height: 640 };

/** Why a page fails reflow at this width: horizontal scrolling, or elements past an edge. */
async function reflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth)
      problems.push(`scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`);
    const width = root.clientWidth;
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${
        typeof el.className === 'string' && el.className ? `.${el.className.split(' ')[0]}` : ''
      } "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    for (const el of document.body.querySelectorAll('*')) {
      const rect = el.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) continue; // visually hidden, or nothing to see
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.position === 'fixed') continue;
      if (el.closest('.visually-hidden, [hidden], svg')) continue;
      // Inside a box that scrolls on its own (a table, a code sample), reaching past is fine.
      let scrolls = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const overflow = getComputedStyle(p).overflowX;
        if (overflow === 'auto' || overflow === 'scroll') scrolls = true;
      }
      if (scrolls) continue;
      if (rect.right > width + 1 || rect.left < -1)
        problems.push(
          `${describe(el)} reaches ${Math.round(rect.left)}..${Math.round(rect.right)}`,
        );
      // Text cut off in its own box (overflow hidden or ellipsis on a text element).
      const clips = style.overflowX === 'hidden' || style.textOverflow === 'ellipsis';
      const isText = el.childNodes.length > 0 && [...el.childNodes].some((n) => n.nodeType === 3);
      if (clips && isText && el.scrollWidth > el.clientWidth + 1 && !el.matches('input, select'))
        problems.push(`${describe(el)} clips its text (${el.scrollWidth} > ${el.clientWidth})`);
    }
    return problems.slice(0, 10);
  });
}

const failures: string[] = [];

async function checkReflow(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  const problems = await reflowProblems(page);
  failures.push(...problems.map((p) => `${name}: ${p}`));
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SCREENSHOT_DIR, `zoom-320-${name}.png`), fullPage: true });
}

let activated: Awaited<ReturnType<typeof activatedUser>>;
beforeAll(async () => {
  activated = await activatedUser(uniqueEmail('zoom'));
}, 60_000);

describe('400 % zoom: 320 CSS pixels wide (browser)', () => {
  it('public and account-setup screens reflow without horizontal scrolling', async () => {
    const page = await newPage({ viewport: ZOOMED });
    await page.goto(`${base()}/auth/start`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await checkReflow(page, 'start');

    const email = uniqueEmail('zoom-register');
    const { inviteUrl } = await createClaim(email);
    await page.goto(inviteUrl.replace(/^https?:\/\/[^/]+/, base()));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await field(page, t.field('password')).fill('short');
    await field(page, t.field('passwordConfirmation')).fill('other');
    await page.keyboard.press('Tab');
    await checkReflow(page, 'register-errors');

    const user = await registeredUser(uniqueEmail('zoom-setup'));
    const signedIn = await newPage({ viewport: ZOOMED });
    await signedIn.goto(`${base()}/auth/login`);
    await signedIn.waitForURL(/\/master\/auth-app\/v1\/login\?/);
    await checkReflow(signedIn, 'sign-in');
    await signedIn.locator('#email').fill(user.email);
    await signedIn.locator('#password').fill('Sunrise-42-river');
    await signedIn.locator('form [type="submit"]').first().click();
    await signedIn.waitForURL(/\/registration\/verify-account$/);
    const code = await mailedCode(user.email);
    await see(signedIn.getByText(code.prefix).first()).toBeVisible();
    await checkReflow(signedIn, 'verify-account');
    await signedIn.getByLabel(t.common('registration.verify.codeLabel')).fill(code.otp);
    await signedIn
      .getByRole('button', { name: named(t.common('registration.verify.confirm')) })
      .click();
    await signedIn.waitForURL(/\/registration$/);
    await signedIn
      .getByRole('button', { name: named(t.common('registration.details.next')) })
      .click();
    await see(signedIn.locator('main [aria-invalid="true"]').first()).toBeVisible();
    await checkReflow(signedIn, 'registration-errors');
  });

  it('signed-in screens and every payout form reflow, with their errors', async () => {
    const page = await newPage({ viewport: ZOOMED });
    await signInThroughPortal(page, base(), activated.email);
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await checkReflow(page, 'dashboard');
    await page.goto(`${base()}/settings`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await checkReflow(page, 'settings');

    await page.goto(`${base()}/bank-account`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page
      .getByLabel(named(t.field('countryCode')))
      .first()
      .selectOption('GB');
    await field(page, t.field('sortCode')).fill('12');
    await page
      .getByRole('button', { name: named(t.common('payoutMethods.bankAccount.add')) })
      .click();
    await see(page.locator('main [aria-invalid="true"]').first()).toBeVisible();
    await checkReflow(page, 'bank-account-GB-errors');
    for (const route of ['debit-card', 'zelle', 'physical-check', 'paypal']) {
      await page.goto(`${base()}/${route}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const submit = page.locator('main [type="submit"]').last();
      if (await submit.count()) {
        await submit.click();
        await see(page.locator('main [aria-invalid="true"]').first()).toBeVisible();
      }
      await checkReflow(page, route);
    }
    // The side panel fills the narrow window.
    await page
      .locator('header')
      .getByRole('button', { name: t.common('header.profile') })
      .click();
    await see(page.getByRole('dialog')).toBeVisible();
    await checkReflow(page, 'side-panel');
  });

  it('needs no horizontal scrolling anywhere it was checked', () => {
    expect(failures, failures.join('\n')).toEqual([]);
  });
});
