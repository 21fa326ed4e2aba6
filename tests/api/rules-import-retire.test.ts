// `npm run rules:import` carries a retirement (issue 33): importing a folder from which a country's
// file is gone drafts that country's retirement, as the console's "Retire the file" does (a country
// created in the console, and a file of the repository alike), says so, and leaves it to another
// approver; published, the country follows the shared rules again. A folder without the generic
// rule is not a folder of country rules: nothing is imported from it. Through the CLI, against the
// server over HTTP, as an operator runs it.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RuleChange } from '../../src/core/rules/console-types';
import { REPO_ROOT } from '../../src/core/schemas/catalog';
import type { CountryRules } from '../../src/core/schemas/country-rules';
import { DATABASE_KINDS } from './support/databases';
import { ADMIN_KEY, startTestApp, type TestApp } from './support/harness';
import { approveAndPublish, consoleTeam, type ConsoleTeam } from './support/staff';

type Version = { id: number; status: string; author: string };

const run = promisify(execFile);

describe.each(DATABASE_KINDS)('rules:import retires a country without a file on %s', (kind) => {
  let t: TestApp;
  let team: ConsoleTeam;
  let url: string;
  let folder: string;
  let editorEmail: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    // The CLI talks HTTP to a running server.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    team = await consoleTeam(t.app);
    editorEmail = ((await team.editor.request('GET', '/session')).body.data as { email: string })
      .email;
    folder = mkdtempSync(join(tmpdir(), 'rules-import-'));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  /** npm run rules:import -- --as <editor> --dir <dir>: its output and exit code. */
  async function rulesImport(dir: string) {
    const args = ['scripts/rules-sync.ts', 'import', '--as', editorEmail, '--dir', dir];
    try {
      const { stdout, stderr } = await run(
        join(REPO_ROOT, 'node_modules/.bin/tsx'),
        [...args, '--url', url, '--key', ADMIN_KEY],
        { cwd: REPO_ROOT, encoding: 'utf8' },
      );
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }
  const countryRules = async (country: string) =>
    (await team.editor.request('GET', `/countries/${country}`)).body.data as {
      rules: unknown;
      governedBy?: string;
    };

  it('drafts the retirement of each country whose file is gone, for another approver', async () => {
    // Kenya created in the console and published: a country with a file of its own now.
    const template = await team.editor.request('GET', '/countries/KE/templates/clearing');
    const saved = await team.editor.request('POST', '/countries/KE/drafts', {
      rules: template.body.data as CountryRules,
      baseVersion: null,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    await approveAndPublish(team, (saved.body.data as Version).id);
    expect((await countryRules('KE')).rules).not.toBeNull();

    // Nothing comes from a folder that is not one of country rules (no _default.json).
    const notRules = await rulesImport(tmpdir());
    expect(notRules.code).toBe(2);
    expect(notRules.stderr).toMatch(/has no _default\.json: not a folder of country rules/);

    // The repository's files without GB's (and without Kenya's, which only the console has).
    cpSync(join(REPO_ROOT, 'country-rules'), folder, {
      recursive: true,
      filter: (source) => !source.endsWith('GB.json'),
    });
    const imported = await rulesImport(folder);
    expect(imported.code, imported.stderr).toBe(0);
    const retirements = [
      ...imported.stdout.matchAll(
        /✓ (\w\w): no file in the folder, retirement drafted as version (\d+)/g,
      ),
    ].map(([, country, id]) => ({ country, id: Number(id) }));
    expect(retirements.map((r) => r.country)).toEqual(['GB', 'KE']);
    expect(imported.stdout).toMatch(/0 draft\(s\) saved, 2 retirement\(s\) drafted/);

    // Each is a retirement draft by the named staff member, reviewed like the console's.
    for (const { country, id } of retirements) {
      const detail = (await team.approver.request('GET', `/versions/${id}`)).body.data as {
        status: string;
        author: string;
        rules: unknown;
        changes: RuleChange[];
        problems: string[];
      };
      expect(detail).toMatchObject({ status: 'draft', author: editorEmail, rules: null });
      expect(detail.problems).toEqual([]);
      expect(detail.changes[0]).toMatchObject({ code: 'file.retired', from: country });
    }
    // Four eyes: the editor who imported cannot approve it; another approver publishes it.
    const gb = retirements.find((r) => r.country === 'GB')!;
    await approveAndPublish(team, gb.id);
    expect(await countryRules('GB')).toMatchObject({ rules: null });
    // Until its retirement is published, Kenya keeps its rules.
    expect((await countryRules('KE')).rules).not.toBeNull();

    // The same folder again: GB is retired already, Kenya's retirement is drafted again.
    const again = await rulesImport(folder);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).not.toMatch(/✓ GB:/);
    expect(again.stdout).toMatch(/✓ KE: no file in the folder, retirement drafted/);
  }, 300_000);
});
