// Issue 16's journey in Chromium against the one e2e server: an editor signs in to the rules
// console with the second factor, tightens the UK sort-code rule, sees the live preview refuse a
// record it accepted before, gives the rule a message of its own written in every language in
// the console, keeps the record as a must-fail example and saves the draft; the same editor
// cannot approve it; an approver approves and publishes; a recipient's bank-account form refuses
// the record in the browser and the server refuses it too, without a restart; a restore of the
// file's rules, approved and published, accepts it again.
//
// The rule chosen: no sort code starting with 9 (`^[0-8]\d{5}$`). It refuses a valid pair
// (938611 / 07806039, VocaLink's own test case) and leaves every example of GB.json and the
// 200000 sort code the other e2e files add (they run beside this one) as they were. A prefix rule
// such as ^40\d{4}$ would break the file's own must-pass examples, so the draft would be refused.
// GB is restored in afterAll whatever happens, so the other files never see the tightened rule.
import { readFileSync } from 'node:fs';
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
import { DOCS_SCREENSHOT_DIR, REPO_ROOT } from './support/constants';
import {
  approveAndPublish,
  journeyStaff,
  restoreInConsole,
  signInToConsole,
  versionIdIn,
} from './support/console';
import { field, openBankAccountForm, see, textsOf } from './support/ui';

const { newPage } = browserForFile();
const t = textsOf('en');
const TIGHTER = '^[0-8]\\d{5}$';
const REFUSED = { sortCode: '938611', accountNumber: '07806039' };
const MESSAGE_KEY = 'sortCode.gbNoNine';
const MESSAGE_EN = 'UK sort codes never start with 9.';
const MESSAGE_TEXTS = {
  English: `{{field}}: ${MESSAGE_EN}`,
  Spanish: '{{field}}: los sort codes británicos nunca empiezan por 9.',
  French: '{{field}} : les sort codes britanniques ne commencent jamais par 9.',
  Portuguese: '{{field}}: os sort codes britânicos nunca começam por 9.',
  German: '{{field}}: britische Sort Codes beginnen nie mit 9.',
};
const SHOTS = DOCS_SCREENSHOT_DIR;

/** The GB bank account a recipient's API client sends (the address the WIRE form asks). */
const gbAccount = (sortCode: string, number: string) =>
  wireAccount('GB', {
    sortCode,
    ...accountNumber(number),
    addressLine1: '1 Poultry',
    addressCity: 'London',
    addressPostalCode: 'EC2R 8AH',
  });

// GB goes back to its file after the journey, whatever it leaves.
const staff = journeyStaff(['GB']);

describe('rules console (issue 16)', () => {
  it('ships the console in its own chunk, reached only from the /console branch', () => {
    const manifest = JSON.parse(
      readFileSync(join(REPO_ROOT, 'dist/web/.vite/manifest.json'), 'utf8'),
    ) as Record<string, { file: string; imports?: string[]; dynamicImports?: string[] }>;
    const consoleKey = 'console/console-entry.tsx';
    expect(manifest[consoleKey]).toBeDefined();
    const reachers = Object.entries(manifest)
      .filter(
        ([, chunk]) =>
          chunk.imports?.includes(consoleKey) || chunk.dynamicImports?.includes(consoleKey),
      )
      .map(([key]) => key);
    // Outside the console's own chunks (its languages' catalogs share its helpers), only the boot
    // script (index.html's main.tsx) names it, behind the /console test.
    expect(reachers.filter((key) => !key.startsWith('console/'))).toEqual(['index.html']);
    // And the portal's entries never import it.
    // The boot script (index.html) is where the path is tested: chunks import it for shared
    // helpers, so the walk stops there.
    const reach = (key: string, seen = new Set<string>()): Set<string> => {
      if (seen.has(key) || key === 'index.html') return seen;
      seen.add(key);
      for (const next of [
        ...(manifest[key]?.imports ?? []),
        ...(manifest[key]?.dynamicImports ?? []),
      ])
        reach(next, seen);
      return seen;
    };
    for (const entry of ['app/app-entry.tsx', 'app/start-entry.tsx'])
      expect(reach(entry).has(consoleKey), entry).toBe(false);
  });

  it('an editor tightens the sort code, an approver publishes, recipients get it, a restore undoes it', async () => {
    const { editor, approver } = await staff();
    const recipient = activatedUser();

    // The editor signs in with the second factor; /console is no recipient route.
    const page = await newPage({ viewport: { width: 1440, height: 900 } });
    await signInToConsole(page, editor, true);
    expect(new URL(page.url()).pathname).toBe('/console');
    await see(page.getByRole('heading', { level: 1, name: 'Countries' })).toBeVisible();
    expect(await seriousViolations(page, 'console countries')).toEqual([]);

    await page.getByRole('link', { name: /United Kingdom/ }).click();
    await see(page.getByRole('heading', { level: 1, name: 'United Kingdom (GB)' })).toBeVisible();

    // The preview accepts the pair under the file's rules.
    const preview = page.locator('.console-preview');
    const sortCode = preview.locator('#preview_sortCode');
    await see(sortCode).toBeVisible();
    await field(preview, t.field('nickname')).fill('Preview');
    await sortCode.fill(REFUSED.sortCode);
    await field(preview, t.field('accountNumber')).fill(REFUSED.accountNumber);
    await field(preview, t.field('accountNumberConfirmation')).fill(REFUSED.accountNumber);
    for (const [name, value] of Object.entries({
      addressLine1: '1 Poultry',
      addressCity: 'London',
      addressPostalCode: 'EC2R 8AH',
    })) {
      const input = preview.locator(`#preview_${name}`);
      if (await input.isVisible()) await input.fill(value);
    }
    await preview.getByRole('button', { name: 'Check this record' }).click();
    await see(preview.getByText('This record passes the draft rules.')).toBeVisible();

    // Tightening the rule in the editor: the preview refuses the same record.
    await page.locator('#rules_bankAccount_fields_sortCode_pattern').fill(TIGHTER);
    await see(sortCode).toHaveAttribute('aria-invalid', 'true');
    // With a message of its own, which no language has: the console offers to write it, in
    // every language, and the preview shows it at once.
    await page.locator('#rules_bankAccount_fields_sortCode_messages_pattern').fill(MESSAGE_KEY);
    const messages = page.getByRole('region', { name: 'Messages written with these rules' });
    await messages
      .getByRole('button', { name: `Write “${MESSAGE_KEY}” in every language` })
      .click();
    for (const [language, text] of Object.entries(MESSAGE_TEXTS))
      await messages.getByLabel(language, { exact: true }).fill(text);
    await see(preview.getByText(`${t.field('sortCode')}: ${MESSAGE_EN}`).first()).toBeVisible();
    await messages.screenshot({ path: join(SHOTS, 'console-messages.png') });
    await preview.getByRole('button', { name: 'Keep as example that must fail' }).click();
    await see(preview.getByText('Added as an example that must fail')).toBeVisible();
    const examples = page.getByRole('region', { name: 'Examples' });
    const kept = examples.getByRole('row').filter({ hasText: 'Kept from the console preview' });
    await see(kept).toContainText('/sortCode pattern');
    await see(kept).toContainText('as expected');
    await see(page.getByText('sortCode › pattern: ^\\d{6}$ → ^[0-8]\\d{5}$')).toBeVisible();
    expect(await seriousViolations(page, 'console country page')).toEqual([]);
    // The picture: the pattern in the editor beside the preview's refusal of the sort code.
    await sortCode.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page
      .locator('#rules_bankAccount_fields_sortCode_pattern')
      .evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: join(SHOTS, 'console-country.png') });

    await page.getByRole('button', { name: 'Save draft' }).click();
    const draftId = await versionIdIn(page, /Saved as draft version/);

    // The readable diff; the editor may not approve (the server's refusal is shown).
    await page.getByRole('link', { name: `Version ${draftId}` }).click();
    await see(page.getByRole('heading', { level: 1 })).toHaveText(`Version ${draftId} of GB`);
    await see(
      page.getByText('bankAccount › sortCode › pattern: ^\\d{6}$ → ^[0-8]\\d{5}$'),
    ).toBeVisible();
    await page.screenshot({ path: join(SHOTS, 'console-version.png'), fullPage: true });
    await page.getByRole('button', { name: 'Approve' }).click();
    // In the console's words for the refusal's name (Forbidden), not the server's English.
    await see(
      page.getByRole('alert').filter({ hasText: 'Your role does not allow this' }),
    ).toBeVisible();

    // An approver (another browser context) approves and publishes.
    const approverPage = await newPage({ viewport: { width: 1440, height: 900 } });
    await signInToConsole(approverPage, approver);
    await approveAndPublish(approverPage, draftId);

    // A recipient who opens the bank-account form now gets the new rule, in the browser, with
    // the message the console wrote, which no release of the portal carries…
    const user = await recipient;
    const portal = await openBankAccountForm(await newPage(), t, user.email);
    await portal.country('GB');
    await portal.fill({ nickname: 'Tightened', sortCode: REFUSED.sortCode });
    await portal.accountNumber(REFUSED.accountNumber);
    await portal.refuses('sortCode', `${t.field('sortCode')}: ${MESSAGE_EN}`);
    // …and on the server.
    const startsWithNine = gbAccount(REFUSED.sortCode, REFUSED.accountNumber);
    await serverRefusesAccount(user.client, startsWithNine, '/sortCode', MESSAGE_EN);

    // Rollback: the editor restores the file's rules (the seed version), the approver publishes.
    await approveAndPublish(approverPage, await restoreInConsole(page, 'GB'));

    await serverTakesAccount(user.client, startsWithNine);

    // The countries list now says who changed GB last (the picture of the list).
    await approverPage.goto(`${baseUrl()}/console`);
    const gb = approverPage.getByRole('row').filter({ hasText: 'United Kingdom' });
    await see(gb).toContainText('published by');
    await approverPage.screenshot({ path: join(SHOTS, 'console-countries.png') });
  }, 90_000);
});
