// Issue 33 point 2 in Chromium against the one e2e server: an editor adds a rule to a field
// Nigeria's file did not set (the account number: a NUBAN of 10 digits, with a message of its own
// written in every language) and creates South Africa, which had no file, from the national
// clearing code template (a 6-digit branch code, its examples, its message worded for the
// country); an approver publishes both; a recipient's bank-account form in the portal refuses what
// each rule refuses, with the new messages, and so does the server, without a restart; restores of
// the rules before the console (Nigeria's file, South Africa's "no file") bring them back.
//
// Nigeria and South Africa are used by no other e2e file; afterAll puts both back to their seeds
// whatever happens.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  accountNumber,
  activatedUser,
  baseUrl,
  serverRefusesAccount,
  serverTakesAccount,
  wireAccount,
} from './support/api';
import { seriousViolations } from './support/axe';
import { browserForFile } from './support/browser';
import {
  approveAndPublish,
  journeyStaff,
  restoreInConsole,
  signInToConsole,
  versionIdIn,
} from './support/console';
import { SCREENSHOT_DIR } from './support/constants';
import { openBankAccountForm, see, textsOf } from './support/ui';

const { newPage } = browserForFile();
const t = textsOf('en');
const NUBAN_KEY = 'accountNumber.ngNuban';
const NUBAN_EN = 'a Nigerian account number (NUBAN) has 10 digits.';
const NUBAN = {
  English: `{{field}}: ${NUBAN_EN}`,
  Spanish: '{{field}}: un número de cuenta nigeriano (NUBAN) tiene 10 dígitos.',
  French: '{{field}} : un numéro de compte nigérian (NUBAN) a 10 chiffres.',
  Portuguese: '{{field}}: um número de conta nigeriano (NUBAN) tem 10 dígitos.',
  German: '{{field}}: eine nigerianische Kontonummer (NUBAN) hat 10 Ziffern.',
};
const BRANCH_EN = 'a South African branch code has 6 digits.';
mkdirSync(SCREENSHOT_DIR, { recursive: true });
const shot = (name: string) => join(SCREENSHOT_DIR, `${name}.png`);

/** Bank accounts as the recipient's API client sends them. */
const nigerian = (number: string) =>
  wireAccount('NG', { bic: 'FBNINGLA', ...accountNumber(number) });
const southAfrican = (fields: Record<string, string>) => wireAccount('ZA', fields);

const staff = journeyStaff(['NG', 'ZA']);

describe('rules console: the whole file (issue 33 point 2)', () => {
  it('an editor adds a field rule and creates a country, an approver publishes, the portal enforces both, restores undo them', async () => {
    const { editor, approver } = await staff();
    const recipient = activatedUser();

    const page = await newPage({ viewport: { width: 1440, height: 900 } });
    await signInToConsole(page, editor);

    // Nigeria's file sets nothing about bank accounts: the account number gets a rule of its own.
    await page.goto(`${baseUrl()}/console/countries/NG`);
    await see(page.getByRole('heading', { level: 1, name: 'Nigeria (NG)' })).toBeVisible();
    const panel = page.getByRole('region', { name: 'Fields the file sets' });
    const bank = panel.getByRole('group', { name: 'Bank account form' });
    await see(bank).toContainText('The file sets no field of this form.');
    await bank.getByLabel('Another field of the bank account form').selectOption('accountNumber');
    await bank.getByRole('button', { name: 'Add rule: accountNumber, Bank account form' }).click();
    await see(bank).toContainText('accountNumber');
    const pattern = page.locator('#rules_bankAccount_fields_accountNumber_pattern');
    await see(pattern).toBeVisible();
    await pattern.fill('^\\d{10}$');
    await page.locator('#rules_bankAccount_fields_accountNumber_messages_pattern').fill(NUBAN_KEY);
    const messages = page.getByRole('region', { name: 'Messages written with these rules' });
    await messages
      .getByRole('button', { name: new RegExp(`Write .${NUBAN_KEY.replace('.', '\\.')}. in`) })
      .click();
    for (const [language, text] of Object.entries(NUBAN))
      await messages.getByLabel(language, { exact: true }).fill(text);
    // The live preview refuses a 5-digit account number with the new message.
    const preview = page.locator('.console-preview');
    const previewAccount = preview.locator('#preview_accountNumber');
    await see(previewAccount).toBeVisible();
    await previewAccount.fill('12345');
    await preview.getByRole('button', { name: 'Check this record' }).click();
    await see(previewAccount).toHaveAttribute('aria-invalid', 'true');
    await see(preview.getByText(`${t.field('accountNumber')}: ${NUBAN_EN}`).first()).toBeVisible();
    await see(
      page.getByText('bankAccount › accountNumber › pattern: added ^\\d{10}$'),
    ).toBeVisible();
    expect(await seriousViolations(page, 'console field rules')).toEqual([]);
    await panel.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: shot('console-field-rule-added') });
    await page.getByRole('button', { name: 'Save draft' }).click();
    const nigeriaDraft = await versionIdIn(page, /Saved as draft version/);

    // South Africa has no file: created from the national clearing code template.
    await page.goto(`${baseUrl()}/console`);
    const create = page.getByRole('region', { name: 'Create a country' });
    await create.getByLabel('Country without a file').selectOption('ZA');
    await create.getByRole('radio', { name: /National clearing code/ }).check();
    await create.getByRole('button', { name: 'Open in the editor' }).click();
    await see(page.getByRole('heading', { level: 1, name: 'South Africa (ZA)' })).toBeVisible();
    await see(page.getByText(/A new rule file for ZA, made from a template/)).toBeVisible();
    const bankCode = page.locator('#rules_bankAccount_fields_sortCode_pattern');
    await see(bankCode).toBeVisible();
    expect(await bankCode.inputValue()).toBe('^\\d{6}$');
    // The template's message, worded for the country.
    await messages
      .getByRole('group', { name: 'bankCode.za' })
      .getByLabel('English', { exact: true })
      .fill(`{{field}}: ${BRANCH_EN}`);
    const examples = page.getByRole('region', { name: 'Examples' });
    await see(
      examples.getByRole('row').filter({ hasText: 'A clearing code one digit short' }),
    ).toContainText('as expected');
    await see(
      page.getByText('a new file for ZA: until now the country followed _default'),
    ).toBeVisible();
    expect(await seriousViolations(page, 'console new country')).toEqual([]);
    await page.screenshot({ path: shot('console-country-created'), fullPage: true });
    await page.getByRole('button', { name: 'Save draft' }).click();
    const southAfricaDraft = await versionIdIn(page, /Saved as draft version/);

    // Four eyes: the editor may not approve; an approver approves and publishes both.
    await page.goto(`${baseUrl()}/console/versions/${southAfricaDraft}`);
    await page.getByRole('button', { name: 'Approve' }).click();
    await see(
      page.getByRole('alert').filter({ hasText: 'Your role does not allow this' }),
    ).toBeVisible();
    const approverPage = await newPage({ viewport: { width: 1440, height: 900 } });
    await signInToConsole(approverPage, approver);
    await approveAndPublish(approverPage, nigeriaDraft);
    await approveAndPublish(approverPage, southAfricaDraft);

    // A recipient's bank-account form in the portal enforces both, with the new messages.
    const user = await recipient;
    const portal = await openBankAccountForm(await newPage(), t, user.email);
    await portal.country('NG');
    await portal.fill({ nickname: 'Lagos' });
    await portal.accountNumber('12345');
    await portal.refuses('accountNumber', `${t.field('accountNumber')}: ${NUBAN_EN}`);
    await portal.page.screenshot({ path: shot('portal-nigeria-nuban'), fullPage: true });
    await portal.country('ZA');
    await see(portal.input('bankCode')).toBeVisible();
    await portal.fill({ bankCode: '12345' });
    await portal.refuses('bankCode', `${t.field('bankCode')}: ${BRANCH_EN}`);
    // The template's own message for its account number (6 to 20 digits), not the generic one.
    await see(
      portal.page
        .getByText(`${t.field('accountNumber')}: 6 to 20 digits, as the bank gives it.`)
        .first(),
    ).toBeVisible();
    await portal.page.screenshot({ path: shot('portal-south-africa-branch'), fullPage: true });
    // The server refuses the same, and takes what the rules take.
    await serverRefusesAccount(user.client, nigerian('12345'), NUBAN_EN);
    await serverTakesAccount(user.client, nigerian('0123456789'));
    const clearing = accountNumber('1234567890');
    await serverRefusesAccount(
      user.client,
      southAfrican({ sortCode: '12345', ...clearing }),
      BRANCH_EN,
    );
    await serverTakesAccount(user.client, southAfrican({ sortCode: '250655', ...clearing }));

    // Restores: Nigeria's file as it was, South Africa without a file (its seed).
    for (const code of ['NG', 'ZA'])
      await approveAndPublish(approverPage, await restoreInConsole(page, code));
    await serverTakesAccount(user.client, nigerian('12345'));
    const generic = { ...accountNumber('ZA12345'), bic: 'FIRNZAJJ' };
    await serverTakesAccount(user.client, southAfrican(generic));
    await page.goto(`${baseUrl()}/console/countries/ZA`);
    await see(page.getByText('ZA has no rule file of its own: it follows _default.')).toBeVisible();
  }, 180_000);
});
