// Issue 12: a recipient who forgot the password resets it from the sign-in page, in Spanish, with
// the link the outbox received, signs in with the new one, and the session left open in another
// browser is gone.
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { activatedUser } from '../support/api';
import { browserForFile, signInThroughPortal } from '../support/browser';
import { SCREENSHOT_DIR } from '../support/constants';
import { chooseLanguage, field, named, see, textsOf } from '../support/ui';
import { join } from 'node:path';

const { newPage } = browserForFile();
const base = (host = 'localhost') => `http://${host}:${inject('e2ePort')}`;
const NEW_PASSWORD = 'Lantern-88-harbour';

/** The reset link of the newest reset mail to `to` (sent after the page answered: wait for it). */
async function mailedResetLink(to: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const response = await fetch(`${base()}/master/dev/v1/outbox?to=${encodeURIComponent(to)}`);
    const { data } = (await response.json()) as { data: { text: string }[] };
    const link = data.map((m) => /https?:\/\/\S+\/reset\?\S+/.exec(m.text)?.[0]).find(Boolean);
    if (link) return link;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no reset link reached ${to}`);
}

const shoot = (page: Page, name: string) =>
  page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });

describe('password reset (browser)', () => {
  it('resets a forgotten password from the Spanish sign-in page; the old session ends', async () => {
    const t = textsOf('es');
    const sign = (key: string) => t.common(`signInPage.${key}`);
    const { email } = await activatedUser();

    // A session left open elsewhere (another browser).
    const other = await newPage();
    await signInThroughPortal(other, base(), email);
    await other.waitForURL(/\/dashboard$/);

    const page = await newPage();
    await page.goto(`${base()}/`);
    await page.waitForURL(/\/auth\/start\?redirectUrl=/);
    await chooseLanguage(page, 'es');
    await page.getByRole('link', { name: t.common('start.signIn') }).click();
    await page.waitForURL(/\/master\/auth-app\/v1\/login\?/);
    await see(page.getByRole('heading', { level: 1 })).toHaveText(
      t.common('signInPage.heading', { portalName: 'Payee Portal' }),
    );
    await shoot(page, 'reset-es-light-sign-in');
    await page.getByRole('link', { name: sign('forgotLink') }).click();

    await see(page.getByRole('heading', { level: 1 })).toHaveText(sign('forgotHeading'));
    await field(page, sign('email')).fill(email);
    await page.getByRole('button', { name: named(sign('forgotSubmit')) }).click();
    await see(page.getByRole('status')).toHaveText(
      t.common('signInPage.forgotSent', { minutes: '60' }),
    );
    await shoot(page, 'reset-es-light-forgot-sent');

    const link = await mailedResetLink(email);
    expect(link).toContain('lang=es');
    await page.goto(link.replace(/^https?:\/\/[^/]+/, base()));
    await see(page.getByRole('heading', { level: 1 })).toHaveText(sign('resetHeading'));
    // The register form's rules, said under the field.
    await field(page, sign('resetPassword')).fill('corta1');
    await field(page, sign('resetConfirm')).fill('corta1');
    await page.getByRole('button', { name: named(sign('resetSubmit')) }).click();
    await page.waitForLoadState();
    await shoot(page, 'reset-es-light-weak-password');
    await see(page.getByRole('alert').first()).toBeVisible();
    expect(await page.locator('#password').getAttribute('aria-invalid')).toBe('true');

    await field(page, sign('resetPassword')).fill(NEW_PASSWORD);
    await field(page, sign('resetConfirm')).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: named(sign('resetSubmit')) }).click();
    await see(page.getByRole('status')).toHaveText(sign('resetDone'));
    await shoot(page, 'reset-es-light-done');

    // The link works once.
    const again = await page.context().request.get(link.replace(/^https?:\/\/[^/]+/, base()));
    expect(again.status()).toBe(410);

    // Signs in with the new password, right there, in Spanish.
    await page.locator('#email').fill(email);
    await page.locator('#password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: named(sign('submit')) }).click();
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');

    // The other browser's session ended with the reset.
    await other.reload();
    await other.waitForURL((url) => !url.pathname.endsWith('/dashboard'));
    expect(other.url()).toMatch(/\/auth\/start|\/master\/auth-app\/v1\/login/);
  }, 90_000);

  it('writes the sign-in, forgot and reset pages of the dark merchant, in Spanish', async () => {
    const page = await newPage();
    const login = `${base('nightfall.localhost')}/master/auth-app/v1/login?state=%2F&lang=es`;
    await page.goto(login);
    await shoot(page, 'reset-es-dark-sign-in');
    await page.getByRole('link', { name: textsOf('es').common('signInPage.forgotLink') }).click();
    await shoot(page, 'reset-es-dark-forgot');
    await page.goto(
      `${base('nightfall.localhost')}/master/auth-app/v1/login/reset?token=x&lang=es`,
    );
    await shoot(page, 'reset-es-dark-expired');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${base()}/master/auth-app/v1/login?state=%2F&lang=de`);
    await shoot(page, 'reset-de-light-sign-in-narrow');
  }, 60_000);
});
