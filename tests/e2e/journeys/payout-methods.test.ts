// Journeys (3), (4) and (6) of issue 6 in Chromium against `npm start`: an ACTIVATED user (claim
// from the admin API, codes from the development outbox) adds a debit card, adds and verifies a
// Zelle token and is paid with it, and cannot delete a method while ON_HOLD.
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { activatedUser, setProfileStatus } from '../support/api';
import { browserForFile, signInThroughPortal } from '../support/browser';
import { field, mailedCode, named, picture, see, startsWith, textsOf } from '../support/ui';

const { newPage } = browserForFile();
const base = () => `http://localhost:${inject('e2ePort')}`;
const t = textsOf('en');

async function openSettings(page: Page) {
  await page.goto(`${base()}/settings`);
  await see(page.getByRole('heading', { level: 1 })).toHaveText(t.common('settings.title'));
}

/** The payout method cards on /settings. */
const methodCards = (page: Page) =>
  page.getByRole('region', { name: t.common('settings.methods.title') }).getByRole('listitem');

/** Fills the address fields of a payout form when they are shown (not taken from the profile). */
async function fillAddressIfAsked(page: Page) {
  const line1 = field(page, t.field('addressLine1'));
  if (!(await line1.isVisible())) return;
  await line1.fill('350 Fifth Avenue');
  await field(page, t.field('addressCity')).fill('New York');
  await field(page, t.field('addressState')).selectOption('NY');
  await field(page, t.field('addressPostalCode')).fill('10118');
}

describe('payout method journeys (browser)', () => {
  it('(3) refuses a card number that fails Luhn, then adds a good card and shows it masked', async () => {
    const user = await activatedUser();
    const page = await newPage();
    await signInThroughPortal(page, base(), user.email);
    await page.waitForURL(/\/dashboard$/);

    await openSettings(page);
    await page
      .getByRole('link', { name: named(t.common('payoutMethods.types.DEBIT_CARD')) })
      .click();
    await page.waitForURL(/\/debit-card$/);
    await field(page, t.field('nameOnCard')).fill('Ana Lima');
    await field(page, t.field('pan')).fill('4111 1111 1111 1112');
    await field(page, t.field('panConfirmation')).fill('4111 1111 1111 1112');
    await field(page, t.field('expiryDate')).fill('12/30');
    await field(page, t.field('cvc')).fill('123');
    await fillAddressIfAsked(page);
    await page
      .getByRole('button', { name: named(t.common('payoutMethods.debitCard.add')) })
      .click();

    // The Luhn error sits under the card number, which gets the focus; nothing was sent.
    const pan = field(page, t.field('pan'));
    await see(pan).toBeFocused();
    await see(pan).toHaveAttribute('aria-invalid', 'true');
    const described = (await pan.getAttribute('aria-describedby')) ?? '';
    await see(page.locator(`[id="${described.split(' ').pop()}"]`)).toContainText(
      t.validation('luhn'),
    );
    await picture(page, 'en-debit-card-luhn-error');
    expect(page.url()).toMatch(/\/debit-card$/);

    await pan.fill('4111 1111 1111 1111');
    await field(page, t.field('panConfirmation')).fill('4111 1111 1111 1111');
    await page
      .getByRole('button', { name: named(t.common('payoutMethods.debitCard.add')) })
      .click();
    await page.waitForURL(/\/settings$/);

    const card = methodCards(page).filter({ hasText: '1111' });
    // The brand as the card network writes it (not the code VISA), and the last 4 digits.
    await see(card).toContainText(
      t.common('payoutMethods.preview.card', { brand: 'Visa', last4: '1111' }),
    );
    await see(card).toContainText('12/30');
    // The full number is never shown.
    await see(page.getByText('4111111111111111')).toHaveCount(0);
    await see(page.getByText('4111 1111 1111 1111')).toHaveCount(0);
    // The first method added is the preferred one.
    await see(card).toContainText(t.common('settings.methods.preferred'));
    await picture(page, 'en-settings-debit-card');
  }, 120_000);

  it('(4) adds a Zelle token, verifies it with the code, then is paid with it', async () => {
    const user = await activatedUser();
    const page = await newPage();
    await signInThroughPortal(page, base(), user.email);
    await page.waitForURL(/\/dashboard$/);

    await openSettings(page);
    await page.getByRole('link', { name: named(t.common('payoutMethods.types.ZELLE')) }).click();
    await page.waitForURL(/\/zelle$/);
    await page
      .getByRole('radio', { name: startsWith(t.field('options.tokenType.ZELLE_EMAIL')) })
      .check();
    await field(page, t.field('email')).fill(user.email);
    const phone = field(page, t.field('phone'));
    if (await phone.isVisible()) await phone.fill('+14155550123');
    await field(page, t.field('firstName')).fill('Ana');
    await field(page, t.field('lastName')).fill('Lima');
    const saved = Date.now();
    await page.getByRole('button', { name: named(t.common('payoutMethods.zelle.save')) }).click();

    // A new token awaits the code sent to it.
    await see(page.getByText(t.common('payoutMethods.zelle.awaits'))).toBeVisible();
    // Saving sends the code at once and opens the code dialog.
    const dialog = page.getByRole('dialog');
    await see(dialog).toBeVisible();
    await picture(page, 'en-zelle-code');
    const zelleCode = await mailedCode(user.email, saved);
    await see(dialog.getByText(zelleCode.prefix).first()).toBeVisible();
    await dialog.getByLabel(t.common('codeDialog.codeLabel')).fill(zelleCode.otp);
    await dialog.getByRole('button', { name: named(t.common('codeDialog.confirm')) }).click();
    await page.waitForURL(/\/settings$/);
    const zelle = methodCards(page).filter({ hasText: 'Zelle' });
    await see(zelle).toContainText(t.common('payoutMethods.preview.status.ACTIVE'));
    await see(
      zelle.getByRole('link', { name: named(t.common('settings.methods.verify')) }),
    ).toHaveCount(0);

    // Used: the claim is accepted with the Zelle token.
    await page.goto(`${base()}/dashboard`);
    const claim = page.getByRole('listitem').filter({ hasText: '125.50' });
    await claim.getByRole('button', { name: named(t.common('dashboard.actions.accept')) }).click();
    await claim.getByRole('radio', { name: /Zelle/ }).check();
    const accepting = Date.now();
    await claim.getByRole('button', { name: named(t.common('dashboard.accept.continue')) }).click();
    const code = page.getByRole('dialog');
    await code
      .getByLabel(t.common('codeDialog.codeLabel'))
      .fill((await mailedCode(user.email, accepting)).otp);
    await code.getByRole('button', { name: named(t.common('codeDialog.confirm')) }).click();
    await see(page.getByText(t.common('dashboard.accept.success'))).toBeVisible();
    await see(page.getByRole('listitem').filter({ hasText: '125.50' })).toContainText(
      t.common('dashboard.status.PAYMENT_IN_PROGRESS'),
    );
    await picture(page, 'en-dashboard-paid-with-zelle');
  }, 120_000);

  it('(7) adds a Ukrainian WIRE account with the profile address and is paid in hryvnias', async () => {
    const user = await activatedUser();
    const page = await newPage();
    await signInThroughPortal(page, base(), user.email);
    await page.waitForURL(/\/dashboard$/);

    // Ukraine had no IBAN rule: now its IBAN is asked for, and a wire there names the beneficiary,
    // whose address is the profile's while the box stays ticked.
    await page.goto(`${base()}/bank-account`);
    await page
      .getByLabel(named(t.field('countryCode')))
      .first()
      .selectOption('UA');
    await page
      .getByRole('radio', { name: startsWith(t.common('payoutMethods.types.WIRE')) })
      .check();
    await field(page, t.field('nickname')).fill('Rakhunok');
    await field(page, t.field('iban')).fill('UA21 3223 1300 0002 6007 2335 6600 1');
    await field(page, t.field('bic')).fill('EXBSUAUX');
    const same = page.getByRole('checkbox', {
      name: named(t.common('payoutMethods.address.sameAsProfile')),
    });
    expect(await same.isChecked()).toBe(true);
    await see(field(page, t.field('addressLine1'))).toHaveCount(0);
    await picture(page, 'en-bank-account-UA-wire');
    await page
      .getByRole('button', { name: named(t.common('payoutMethods.bankAccount.add')) })
      .click();
    await page.waitForURL(/\/settings$/);
    const account = methodCards(page).filter({ hasText: 'Rakhunok' });
    await see(account).toContainText('UA21 •••• 6001');
    await see(account).toContainText(`350 Fifth Avenue, New York, NY 10118, United States`);
    await see(account).toContainText(
      t.common('payoutMethods.receives', { currencies: 'UAH, USD, EUR' }),
    );
    await picture(page, 'en-settings-UA-wire');

    // Accepted in the account's currency, with the rate's date and source shown.
    await page.goto(`${base()}/dashboard`);
    const claim = page.getByRole('listitem').filter({ hasText: '125.50' });
    await claim.getByRole('button', { name: named(t.common('dashboard.actions.accept')) }).click();
    await claim.getByRole('radio', { name: /Rakhunok/ }).check();
    const currency = claim.getByLabel(t.common('dashboard.accept.currency'));
    await see(currency.locator('option')).toHaveCount(3);
    await currency.selectOption('UAH');
    const hryvnias = new Intl.NumberFormat('en', { style: 'currency', currency: 'UAH' }).format(
      5183.15,
    );
    const conversion = claim.getByRole('group', { name: t.common('widgets.exchangeRate.label') });
    await see(conversion).toContainText(hryvnias);
    await see(conversion).toContainText(t.common('widgets.exchangeRate.asOf', { date: '' }).trim());
    await see(conversion).toContainText(
      t.common('widgets.exchangeRate.source', { source: '' }).trim(),
    );
    await picture(page, 'en-accept-claim-UAH');
    const accepting = Date.now();
    await claim.getByRole('button', { name: named(t.common('dashboard.accept.continue')) }).click();
    const code = page.getByRole('dialog');
    await code
      .getByLabel(t.common('codeDialog.codeLabel'))
      .fill((await mailedCode(user.email, accepting)).otp);
    await code.getByRole('button', { name: named(t.common('codeDialog.confirm')) }).click();
    await see(page.getByText(t.common('dashboard.accept.success'))).toBeVisible();

    // The dashboard shows what was chosen: the amount in hryvnias and the masked destination.
    await see(page.getByRole('listitem').filter({ hasText: 'Rakhunok' })).toContainText(
      t.common('dashboard.paidTo', { amount: hryvnias, method: 'Rakhunok •••• 6001' }),
    );
    await picture(page, 'en-dashboard-paid-in-UAH');
  }, 120_000);

  it('(6) an ON_HOLD user sees why a payout method cannot be deleted', async () => {
    const user = await activatedUser();
    const added = await user.client.api('POST', '/payment-methods/physical-checks', {
      preferred: true,
    });
    expect(added.status, JSON.stringify(added.body)).toBeLessThan(300);
    await setProfileStatus(user.profile.id, 'ON_HOLD');

    const page = await newPage();
    await signInThroughPortal(page, base(), user.email);
    await page.waitForURL(/\/dashboard$/);
    await see(page.getByText(t.common('dashboard.blocked.onHold'))).toBeVisible();

    await openSettings(page);
    await see(page.getByText(t.common('settings.methods.onHold'))).toBeVisible();
    const check = methodCards(page).filter({
      hasText: t.common('payoutMethods.types.PHYSICAL_CHECK'),
    });
    await see(check).toBeVisible();
    // Delete is not offered on hold (the sentence above says why), nor is editing the profile.
    await see(
      check.getByRole('button', { name: named(t.common('settings.methods.delete')) }),
    ).toHaveCount(0);
    await see(page.getByText(t.common('settings.profile.onHold'))).toBeVisible();
    await see(
      page.getByRole('link', { name: named(t.common('settings.profile.edit')) }),
    ).toHaveCount(0);
    await picture(page, 'en-settings-on-hold');

    // The server refuses too, whatever the browser does.
    const refused = await user.client.api('DELETE', '/payment-methods/physical-checks');
    expect(refused.status).toBe(409);
  }, 120_000);
});
