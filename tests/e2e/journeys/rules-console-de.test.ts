// Issue 33's "Done when" in Chromium against the one e2e server, with the rules console in German
// (chosen in its language menu, as staff do): an editor who types no regular expression
//   - makes Hong Kong's account number "9 to 12 digits" in the format builder (it was 6 to 12),
//     with a message of its own,
//   - adds a rule to a field the Philippines' file did not set (the account number: digits only,
//     10 to 16, with its message),
//   - creates Kenya, which had no file, from the national clearing code template (a 6-digit
//     branch code, the template's examples, its message worded for the country);
// an approver, a second staff member also in German, publishes the three; a recipient's
// bank-account form in the portal (and the server) refuses what each rule refuses, with the new
// messages; a restore of Hong Kong's previous version brings its 6 to 12 digits back, and the
// portal and the server follow.
//
// With README_SCREENSHOTS=1 the pictures of docs/rules-console.md are written to docs/screenshots/;
// otherwise to test-results/screenshots/ (gitignored), to look at by eye.
//
// Hong Kong, the Philippines and Kenya are used by no other e2e file; afterAll puts the three
// back to their seeds whatever happens.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { de } from '../../../src/web/console/catalogs/de';
import { en } from '../../../src/web/console/catalogs/en';
import {
  accountNumber,
  activatedUser,
  baseUrl,
  serverRefusesAccount,
  serverTakesAccount,
  wireAccount,
} from '../support/api';
import { seriousViolations } from '../support/axe';
import { browserForFile } from '../support/browser';
import {
  approveAndPublish,
  journeyStaff,
  restoreInConsole,
  STAFF_PASSWORD,
  versionIdIn,
  type Staff,
} from '../support/console';
import { DOCS_SCREENSHOT_DIR } from '../support/constants';
import { openBankAccountForm, see, textsOf } from '../support/ui';

const { newPage } = browserForFile();
const t = textsOf('en');
const SHOTS = DOCS_SCREENSHOT_DIR;
mkdirSync(SHOTS, { recursive: true });
const shot = (name: string) => join(SHOTS, `${name}.png`);

/** The five languages' names as the German messages panel labels them, and a text for each. */
type Texts = Record<keyof typeof de.messages.languages, string>;
const HK_KEY = 'accountNumber.hk9to12';
const HK_MESSAGE: Texts = {
  en: '{{field}}: a Hong Kong account number has 9 to 12 digits.',
  es: '{{field}}: un número de cuenta de Hong Kong tiene de 9 a 12 dígitos.',
  fr: '{{field}} : un numéro de compte de Hong Kong a 9 à 12 chiffres.',
  pt: '{{field}}: um número de conta de Hong Kong tem 9 a 12 dígitos.',
  de: '{{field}}: eine Hongkonger Kontonummer hat 9 bis 12 Ziffern.',
};
const PH_KEY = 'accountNumber.ph';
const PH_MESSAGE: Texts = {
  en: '{{field}}: a Philippine account number has 10 to 16 digits.',
  es: '{{field}}: un número de cuenta filipino tiene de 10 a 16 dígitos.',
  fr: '{{field}} : un numéro de compte philippin a 10 à 16 chiffres.',
  pt: '{{field}}: um número de conta filipino tem 10 a 16 dígitos.',
  de: '{{field}}: eine philippinische Kontonummer hat 10 bis 16 Ziffern.',
};
const KE_MESSAGE = {
  en: '{{field}}: a Kenyan bank and branch code has 6 digits.',
  de: '{{field}}: eine kenianische Bankleitzahl hat 6 Ziffern.',
};
const said = (message: string, label: string) => message.replace('{{field}}', label);

/** Bank accounts as the recipient's API client sends them. */
const hongKong = (number: string) =>
  wireAccount('HK', { sortCode: '004602', ...accountNumber(number) });
const philippine = (number: string) =>
  wireAccount('PH', { bic: 'BOPIPHMM', ...accountNumber(number) });
const kenyan = (sortCode: string) =>
  wireAccount('KE', { sortCode, ...accountNumber('1234567890') });

const staff = journeyStaff(['HK', 'PH', 'KE']);

/** The console's sign-in, German chosen in its language menu first (the menu speaks English). */
async function signInInGerman(page: Page, staff: Staff) {
  await page.goto(`${baseUrl()}/console`);
  await see(page.getByRole('heading', { level: 1, name: en.signIn.heading })).toBeVisible();
  await page.getByLabel(en.language, { exact: true }).selectOption('de');
  await see(page.getByRole('heading', { level: 1, name: de.signIn.heading })).toBeVisible();
  await page.getByLabel(de.signIn.email, { exact: true }).fill(staff.email);
  await page.getByLabel(de.signIn.password, { exact: true }).fill(STAFF_PASSWORD);
  await page.getByLabel(de.signIn.code, { exact: true }).fill(staff.totp.generate());
  await page.getByRole('button', { name: de.signIn.submit }).click();
  await see(page.getByRole('heading', { level: 1, name: de.countries.heading })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('de');
}

/** The approver approves a version on its page, then publishes it, in German. */
const approveInGerman = (page: Page, versionId: number, picture?: string) =>
  approveAndPublish(page, versionId, {
    texts: de,
    beforeApprove: async () => {
      await see(
        page.getByRole('heading', { level: 1, name: new RegExp(`^Version ${versionId} von`) }),
      ).toBeVisible();
      if (picture) await page.screenshot({ path: shot(picture), fullPage: true });
    },
  });

/**
 * Writes a message key's text in the messages panel: a new key once the panel offers to write it
 * (the preview finds it missing), a key the template wrote in every language as it is.
 */
async function writeMessage(page: Page, key: string, texts: Partial<Texts>, isNew = true) {
  const messages = page.getByRole('region', { name: de.messages.heading });
  const group = messages.getByRole('group', { name: key });
  if (isNew) {
    const write = messages.getByRole('button', { name: de.messages.writeMissing(key) });
    // The offer comes with the preview's problems, once the server has composed the draft.
    await expect.poll(() => write.isVisible(), { timeout: 30_000, interval: 200 }).toBe(true);
    await write.click();
  }
  for (const [locale, text] of Object.entries(texts))
    await group
      .getByLabel(de.messages.languages[locale as keyof Texts], { exact: true })
      .fill(text);
}

describe('rules console in German: the Done-when journey of issue 33', () => {
  it('an editor tightens a format, adds a field rule and creates a country without a regular expression; an approver publishes; the portal enforces all three; a restore brings the previous version back', async () => {
    const { editor, approver } = await staff();
    const recipient = activatedUser();

    const page = await newPage({ viewport: { width: 1440, height: 1000 } });
    await signInInGerman(page, editor);
    const regexBox = (id: string) => page.locator(`#rules_bankAccount_fields_${id}_pattern`);

    // Hong Kong: the account number from 6 to 12 digits to 9 to 12, in the builder's words.
    await page.goto(`${baseUrl()}/console/countries/HK`);
    await see(page.getByRole('heading', { level: 1, name: /\(HK\)$/ })).toBeVisible();
    const hkAccount = page.getByRole('group', { name: de.format.legend('Kontonummer') });
    expect(await hkAccount.getByRole('combobox', { name: de.format.mode }).inputValue()).toBe(
      'characters',
    );
    await hkAccount.getByRole('spinbutton', { name: de.format.min }).fill('9');
    await hkAccount.getByRole('spinbutton', { name: de.format.max, exact: true }).fill('12');
    await expect.poll(() => regexBox('accountNumber').inputValue()).toBe('^[0-9]{9,12}$');
    await page.locator('#rules_bankAccount_fields_accountNumber_messages_pattern').fill(HK_KEY);
    await writeMessage(page, HK_KEY, HK_MESSAGE);
    await see(
      hkAccount.getByRole('list', { name: de.format.madeToFail }).getByRole('listitem').first(),
    ).toContainText(de.format.fails);
    await see(page.getByText('accountNumber › pattern: ^\\d{6,12}$ → ^[0-9]{9,12}$')).toBeVisible();
    expect(await seriousViolations(page, 'console format builder (de)')).toEqual([]);
    await hkAccount.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: shot('rules-console-format') });
    await page.getByRole('button', { name: de.country.save }).click();
    const hongKongDraft = await versionIdIn(page, /Entwurfsversion \d+ gespeichert/);

    // The Philippines: its file sets no account number; it gets a rule, digits only, 10 to 16.
    await page.goto(`${baseUrl()}/console/countries/PH`);
    await see(page.getByRole('heading', { level: 1, name: /\(PH\)$/ })).toBeVisible();
    const panel = page.getByRole('region', { name: de.fieldRules.heading });
    const form = de.fieldRules.sections.bankAccount;
    const bank = panel.getByRole('group', { name: form, exact: true });
    await bank.getByLabel(de.fieldRules.otherField(form)).selectOption('accountNumber');
    await bank
      .getByRole('button', { name: `${de.fieldRules.addRule}: accountNumber, ${form}` })
      .click();
    await see(bank.getByRole('listitem').filter({ hasText: 'accountNumber' })).toContainText(
      de.fieldRules.hasRule,
    );
    const phAccount = page.getByRole('group', { name: de.format.legend('Kontonummer') });
    await phAccount.getByRole('combobox', { name: de.format.mode }).selectOption('characters');
    await phAccount.getByRole('combobox', { name: de.format.set }).selectOption('digits');
    await phAccount.getByRole('spinbutton', { name: de.format.min }).fill('10');
    await phAccount.getByRole('spinbutton', { name: de.format.max, exact: true }).fill('16');
    await expect.poll(() => regexBox('accountNumber').inputValue()).toBe('^[0-9]{10,16}$');
    await page.locator('#rules_bankAccount_fields_accountNumber_messages_pattern').fill(PH_KEY);
    await writeMessage(page, PH_KEY, PH_MESSAGE);
    await see(
      page.getByText(
        de.ruleChanges.added('bankAccount › accountNumber › pattern', '^[0-9]{10,16}$'),
      ),
    ).toBeVisible();
    expect(await seriousViolations(page, 'console field rules (de)')).toEqual([]);
    await panel.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: shot('rules-console-field-rule') });
    await page.getByRole('button', { name: de.country.save }).click();
    const philippinesDraft = await versionIdIn(page, /Entwurfsversion \d+ gespeichert/);

    // Kenya has no file: created from the national clearing code template.
    await page.goto(`${baseUrl()}/console`);
    const create = page.getByRole('region', { name: de.create.heading });
    await create.getByLabel(de.create.country).selectOption('KE');
    await create.getByRole('radio', { name: new RegExp(de.create.templates.clearing) }).check();
    await create.getByRole('button', { name: de.create.open }).click();
    await see(page.getByRole('heading', { level: 1, name: /\(KE\)$/ })).toBeVisible();
    await see(page.getByText(/Eine neue Regeldatei für KE, aus einer Vorlage/)).toBeVisible();
    const branch = page.getByRole('group', { name: de.format.legend('Bankleitzahl') });
    await see(branch).toBeVisible();
    expect(await branch.getByRole('combobox', { name: de.format.set }).inputValue()).toBe('digits');
    expect(await regexBox('sortCode').inputValue()).toBe('^\\d{6}$');
    await writeMessage(page, 'bankCode.ke', KE_MESSAGE, false);
    const examples = page.getByRole('region', { name: de.country.examples });
    await see(
      examples.getByRole('row').filter({ hasText: 'A clearing code one digit short' }),
    ).toContainText(de.country.resultOk);
    await see(page.getByText(de.ruleChanges.fileCreated('KE', '_default'))).toBeVisible();
    expect(await seriousViolations(page, 'console new country (de)')).toEqual([]);
    await branch.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: shot('rules-console-new-country') });
    await page.getByRole('button', { name: de.country.save }).click();
    const kenyaDraft = await versionIdIn(page, /Entwurfsversion \d+ gespeichert/);

    // Four eyes: a second staff member, an approver, publishes the three.
    const approverPage = await newPage({ viewport: { width: 1440, height: 1000 } });
    await signInInGerman(approverPage, approver);
    await approveInGerman(approverPage, hongKongDraft, 'rules-console-review');
    await approveInGerman(approverPage, philippinesDraft);
    await approveInGerman(approverPage, kenyaDraft);

    // A recipient's bank-account form in the portal enforces all three, with the new messages.
    const user = await recipient;
    const portal = await openBankAccountForm(await newPage(), t, user.email);
    const accountLabel = t.field('accountNumber');
    await portal.country('HK');
    await portal.fill({ nickname: 'Salary' });
    await portal.accountNumber('12345678');
    await portal.refuses('accountNumber', said(HK_MESSAGE.en, accountLabel));
    await portal.country('PH');
    await portal.accountNumber('123456789');
    await portal.refuses('accountNumber', said(PH_MESSAGE.en, accountLabel));
    await portal.country('KE');
    const bankCode = portal.input('bankCode');
    await see(bankCode).toBeVisible();
    await bankCode.fill('12345');
    await portal.refuses('bankCode', said(KE_MESSAGE.en, t.field('bankCode')));
    // The field and its message in view (a full-page picture would show the sticky header mid-way).
    await bankCode.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await portal.page.screenshot({ path: shot('rules-console-portal') });
    // The server refuses the same, and takes what the rules take.
    await serverRefusesAccount(
      user.client,
      hongKong('12345678'),
      'a Hong Kong account number has 9 to 12',
    );
    await serverTakesAccount(user.client, hongKong('123456789'));
    await serverRefusesAccount(user.client, philippine('123456789'), 'a Philippine account number');
    await serverTakesAccount(user.client, philippine('1234567890'));
    await serverRefusesAccount(
      user.client,
      kenyan('12345'),
      'a Kenyan bank and branch code has 6 digits.',
    );
    await serverTakesAccount(user.client, kenyan('281467'));

    // A restore: Hong Kong's previous version (the file's seed) back, and the portal follows.
    const restored = await restoreInConsole(page, 'HK', {
      texts: de,
      beforeRestore: () => page.screenshot({ path: shot('rules-console-restore') }),
    });
    await approveInGerman(approverPage, restored);
    await serverTakesAccount(user.client, hongKong('12345678'));
    await portal.open();
    await portal.country('HK');
    await portal.fill({ nickname: 'Savings' });
    await portal.accountNumber('12345678');
    // The form checked (the missing bank and branch code is refused), the 8 digits pass again.
    await portal.refuses('bankAndBranchCode');
    expect(await portal.input('accountNumber').getAttribute('aria-invalid')).not.toBe('true');
    expect(await portal.page.getByText(said(HK_MESSAGE.en, accountLabel)).count()).toBe(0);
  }, 180_000);
});
