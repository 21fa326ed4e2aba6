// The console says every refusal of its API in the staff member's language: each stable name the
// console's server code throws is listed in src/web/console/error-names.ts (and so has a sentence
// in every catalog, which tsc and catalogs.test.ts hold), and the server's English never shows.
// A draft's changes come as codes and values and read in the chosen language too.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { refusalText } from '../../../src/web/console/api';
import { changeText } from '../../../src/web/console/change-text';
import { CONSOLE_ERROR_NAMES } from '../../../src/web/console/error-names';
import { loadCatalog } from '../../../src/web/console/texts';

/** The server code behind /master/console/v1 (and the session and error plugins it answers through). */
const CONSOLE_SERVER =
  /routes\/console\/|domain\/(staff|rules-console)\.ts|plugins\/(staff-session|session-realm|error-handler)\.ts|repositories\/rule-versions\.ts|services\/rules-|errors\.ts/;

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
  );

/** A stable name at the start of a message literal: 'Name: …', `Name: …`, refuse('Name', …). */
const NAMED = /(['`])([A-Z][A-Za-z]+): |refuse\('([A-Z][A-Za-z]+)'/g;

/** Texts written like a refusal that are not one (a response's description). */
const NOT_REFUSALS = ['Changed'];

afterEach(() => loadCatalog('en'));

describe('console refusals', () => {
  const thrown = new Map<string, string>();
  for (const file of files('src/server').filter((f) => CONSOLE_SERVER.test(f)))
    for (const match of readFileSync(file, 'utf8').matchAll(NAMED)) {
      const name = match[2] ?? match[3] ?? '';
      if (!thrown.has(name) && !NOT_REFUSALS.includes(name)) thrown.set(name, file);
    }

  it('finds the names the console meets (the scan works)', () => {
    for (const name of ['FourEyes', 'DraftBaseMoved', 'RulesInvalid', 'WrongCredentials'])
      expect(thrown.has(name), name).toBe(true);
  });

  it('lists every name the console’s server code answers with', () => {
    const missing = [...thrown.entries()]
      .filter(([name]) => !(CONSOLE_ERROR_NAMES as readonly string[]).includes(name))
      .map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  it('says a refusal in the chosen language, never the server’s English', async () => {
    const server = 'FourEyes: you wrote version 12; another approver must approve it';
    expect(refusalText(server)).toBe(
      'You wrote this version: another approver must review and publish it.',
    );
    await loadCatalog('de');
    expect(refusalText(server)).toBe(
      'Sie haben diese Version verfasst: Eine andere freigebende Person muss sie prüfen und veröffentlichen.',
    );
    expect(refusalText('TooManyAttempts: too many failed sign-ins', { minutes: 3 })).toBe(
      'Zu viele fehlgeschlagene Anmeldungen. Versuchen Sie es in 3 Minuten erneut.',
    );
    expect(refusalText('SomethingNew: an English detail')).toBe(
      'Der Server konnte das nicht ausführen. Versuchen Sie es erneut; klappt es weiterhin nicht, laden Sie die Seite neu.',
    );
  });

  it('says a draft’s changes in the chosen language', async () => {
    const pattern = {
      code: 'rule.changed',
      path: '/bankAccount/fields/sortCode/pattern',
      change: 'changed',
      from: '^\\d{6}$',
      to: '^08\\d{4}$',
    } as const;
    const created = {
      code: 'file.created',
      path: '',
      change: 'added',
      from: '_default',
      to: 'KE',
    } as const;
    expect(changeText(pattern)).toBe('bankAccount › sortCode › pattern: ^\\d{6}$ → ^08\\d{4}$');
    expect(changeText(created)).toBe('A new file for KE: until now the country followed _default');
    await loadCatalog('de');
    expect(changeText(created)).toBe('Eine neue Datei für KE: Bisher galt für das Land _default');
    expect(
      changeText({
        code: 'rule.added',
        path: '/bankAccount/fields/bic',
        change: 'added',
        to: false,
      }),
    ).toBe('bankAccount › bic: hinzugefügt (false)');
    expect(
      changeText({ code: 'example.removed', path: '/examples', change: 'removed', from: 'Alt' }),
    ).toBe('Beispiel entfernt: Alt');
  });
});
