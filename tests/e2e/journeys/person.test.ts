// Journeys (1) and (7) of issue 6: from the invitation of a claim made with the admin API, a
// person registers, verifies the emailed code, completes the profile, passes the identity check,
// adds a GB account (sort code) and a DE account (IBAN), prefers the IBAN one and accepts the
// claim in EUR with the code from the development outbox. (7) is the same journey in Spanish.
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createClaim, uniqueEmail } from '../support/api';
import { browserForFile } from '../support/browser';
import {
  addBankAccount,
  registerFromInvitation,
  completeProfile,
  field,
  mailedCode,
  named,
  passIdentityCheck,
  picture,
  see,
  startsWith,
  textsOf,
  verifyAccount,
  type Texts,
} from '../support/ui';

const { newPage } = browserForFile();
const base = () => `http://localhost:${inject('e2ePort')}`;
async function personJourney(page: Page, t: Texts) {
  const email = uniqueEmail(`person-${t.locale}`);
  const { inviteUrl } = await createClaim(email, '125.50', 'USD');
  await registerFromInvitation(page, t, email, inviteUrl);
  await verifyAccount(page, t, email);
  await completeProfile(page, t, {
    kind: 'PERSON',
    firstName: 'Ana',
    lastName: 'Lima',
    dob: '1990-04-12',
    ssn: '123-45-6789',
  });
  await passIdentityCheck(page, t);
  await picture(page, `${t.locale}-dashboard-activated`);

  await addBankAccount(page, t, {
    country: 'GB',
    fields: {
      nickname: 'London current',
      sortCode: '200000',
      accountNumber: '55779911',
      accountNumberConfirmation: '55779911',
    },
  });
  await addBankAccount(page, t, {
    country: 'DE',
    fields: { nickname: 'Berlin Giro', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
  });
  const cards = page
    .getByRole('region', { name: t.common('settings.methods.title') })
    .getByRole('listitem');
  const london = cards.filter({ hasText: 'London current' });
  const berlin = cards.filter({ hasText: 'Berlin Giro' });
  // The first method added is preferred; the IBAN is shown formatted and masked.
  await see(london).toContainText(t.common('settings.methods.preferred'));
  await see(berlin).toContainText('DE89 •••• 3000');
  await see(page.getByText('DE89370400440532013000')).toHaveCount(0);
  await berlin.getByRole('button', { name: named(t.common('settings.methods.prefer')) }).click();
  await see(berlin).toContainText(t.common('settings.methods.preferred'));
  await see(
    london.getByRole('button', { name: named(t.common('settings.methods.prefer')) }),
  ).toBeVisible();
  await picture(page, `${t.locale}-settings-two-banks`);

  await page.goto(`${base()}/dashboard`);
  const claim = page.getByRole('listitem').filter({ hasText: '125' });
  await claim.getByRole('button', { name: named(t.common('dashboard.actions.accept')) }).click();
  // The preferred account is chosen already; the claim is paid in euros at the shown rate.
  await see(claim.getByRole('radio', { name: startsWith('Berlin Giro') })).toBeVisible();
  expect(await claim.getByRole('radio', { name: startsWith('Berlin Giro') }).isChecked()).toBe(
    true,
  );
  await field(claim, t.common('dashboard.accept.currency')).selectOption('EUR');
  await see(claim.getByText(/€/).first()).toBeVisible();
  await picture(page, `${t.locale}-dashboard-accept`);
  const since = Date.now();
  await claim.getByRole('button', { name: named(t.common('dashboard.accept.continue')) }).click();
  const dialog = page.getByRole('dialog');
  const code = await mailedCode(email, since);
  await see(dialog.getByText(code.prefix).first()).toBeVisible();
  await picture(page, `${t.locale}-dashboard-code`);
  await dialog.getByLabel(t.common('codeDialog.codeLabel')).fill(code.otp);
  await dialog.getByRole('button', { name: named(t.common('codeDialog.confirm')) }).click();
  await see(page.getByText(t.common('dashboard.accept.success'))).toBeVisible();
  await see(page.getByRole('listitem').filter({ hasText: '125' })).toContainText(
    t.common('dashboard.status.PAYMENT_IN_PROGRESS'),
  );
  await picture(page, `${t.locale}-dashboard-in-progress`);
}

describe('person journey (browser)', () => {
  it('(1) register, verify, profile, identity check, GB and DE accounts, accept in EUR', async () => {
    await personJourney(await newPage(), textsOf('en'));
  }, 180_000);

  it('(7) the same journey in Spanish', async () => {
    await personJourney(await newPage(), textsOf('es'));
  }, 180_000);
});
