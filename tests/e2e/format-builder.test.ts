// The rules console's format builder in Chromium against the e2e server (issue 33 point 1): an
// editor opens the United States, whose routing number the builder says as "digits only, 9" with
// the ABA routing check from the list, and makes the account number "9 to 12 digits" without
// typing a regular expression; the sample values are checked in the browser by the draft's forms
// the server composed and compiled for the live preview (the ABA check included), and the page
// stays free of serious accessibility violations. Nothing is saved: the US rules stay as they are.
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './support/api';
import { seriousViolations } from './support/axe';
import { browserForFile } from './support/browser';
import { DOCS_SCREENSHOT_DIR } from './support/constants';
import { createStaff, signInToConsole } from './support/console';
import { see } from './support/ui';

const { newPage } = browserForFile();
const SHOTS = DOCS_SCREENSHOT_DIR;

/** A builder's samples as listed: "021000021 passes". */
const samples = (builder: Locator, list: 'Made to pass' | 'Made to fail') =>
  builder
    .getByRole('list', { name: list })
    .getByRole('listitem')
    .allTextContents()
    .then((items) => items.map((item) => item.replace(/\s+/g, ' ').trim()));

const POLL = { timeout: 15_000, interval: 200 };

describe('rules console format builder (issue 33)', () => {
  it('says the US formats in plain terms, writes 9 to 12 digits and checks samples in the compiled draft', async () => {
    const editor = await createStaff('editor');
    const page = await newPage({ viewport: { width: 1440, height: 1000 } });
    await signInToConsole(page, editor);
    await page.goto(`${baseUrl()}/console/countries/US`);
    await see(page.getByRole('heading', { level: 1, name: /\(US\)$/ })).toBeVisible();

    // The routing number: 9 digits and the ABA check, both in plain terms.
    const routing = page.getByRole('group', { name: 'Format of Routing number' });
    await see(routing).toBeVisible();
    expect(await routing.getByRole('combobox', { name: 'Format' }).inputValue()).toBe('characters');
    expect(await routing.getByRole('combobox', { name: 'Check' }).inputValue()).toBe('abaRouting');
    await expect
      .poll(() => samples(routing, 'Made to pass'), POLL)
      .toEqual(['021000021 passes', '011000015 passes']);
    expect(await samples(routing, 'Made to fail')).toEqual([
      '48291630 fails',
      '4829163057 fails',
      'A82916305 fails',
      '021000022 fails',
      '02100002 fails',
    ]);

    // The account number: from "4 to 17 digits" to "9 to 12 digits".
    const account = page.getByRole('group', { name: 'Format of Account number' });
    await account.getByRole('spinbutton', { name: 'Length from' }).fill('9');
    await account.getByRole('spinbutton', { name: 'to' }).fill('12');
    await expect
      .poll(() => page.locator('#rules_bankAccount_fields_accountNumber_pattern').inputValue())
      .toBe('^[0-9]{9,12}$');
    // The samples follow once the preview has composed and compiled the changed draft.
    await expect
      .poll(() => samples(account, 'Made to pass'), POLL)
      .toEqual(['482916305 passes', '482916305748 passes']);
    expect(await samples(account, 'Made to fail')).toEqual([
      '48291630 fails',
      '4829163057482 fails',
      'A82916305748 fails',
    ]);
    await see(page.getByText('accountNumber › pattern: ^\\d{4,17}$ → ^[0-9]{9,12}$')).toBeVisible();

    // A pattern the builder cannot say (ZIP+4's optional group) stays typed by hand.
    const zip = page.getByRole('group', { name: 'Format of ZIP code' });
    expect(await zip.getByRole('combobox', { name: 'Format' }).inputValue()).toBe('advanced');

    // Only field rules' patterns are formats: a message key named "pattern" is a plain text.
    expect(await page.getByRole('group', { name: 'Format of messages' }).count()).toBe(0);
    expect(await seriousViolations(page, 'console format builder')).toEqual([]);
    await routing.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: join(SHOTS, 'console-format-builder.png') });
  });
});
