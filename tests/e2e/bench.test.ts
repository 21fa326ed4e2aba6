// `npm run bench -- --quick` in the suite: one short run of every measure of issues 13 and 27 (its
// own servers on PostgreSQL and PGlite, the anchor route, the stock RJSF page, Chromium,
// Lighthouse) must produce every row of the table with numbers. The budgets themselves are not asserted here: timings on a
// shared CI machine are too noisy for that; `npm run bench -- --check` is the gate.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { BenchRun } from '../../scripts/bench/index';
import { postgresReachable } from '../../scripts/bench/servers';
import { REPO_ROOT } from './support/constants';

const ROWS = [
  'me-postgres',
  'payment-methods-postgres',
  'me-pglite',
  'form-screens',
  'shell-screens',
  'anonymous-root',
  'keys-latency',
  'keys-phases',
  'usable-form',
  'lighthouse-auth-start',
  'lighthouse-dashboard',
  'lighthouse-settings',
  'lighthouse-bank-account',
  'write-bank-account',
  'write-accept-claim',
];
/** Rows that need PostgreSQL (skipped, with the reason, when it cannot be reached). */
const POSTGRES_ROWS = ['me-postgres', 'payment-methods-postgres'];
/** Lighthouse rows --quick leaves out (it runs Lighthouse on /bank-account only). */
const QUICK_SKIPPED = ['lighthouse-auth-start', 'lighthouse-dashboard', 'lighthouse-settings'];

describe('npm run bench -- --quick', () => {
  it('prints every measure of issues 13 and 27 with its figure, anchor and budget', async () => {
    const jsonFile = join(REPO_ROOT, 'test-results/bench-quick.json');
    const { stdout } = await promisify(execFile)(
      join(REPO_ROOT, 'node_modules/.bin/tsx'),
      ['scripts/bench/index.ts', '--quick', '--json', jsonFile],
      { cwd: REPO_ROOT, maxBuffer: 16 * 1024 * 1024, timeout: 170_000 },
    );
    const run = JSON.parse(readFileSync(jsonFile, 'utf8')) as BenchRun;
    const withoutPostgres = (await postgresReachable()) !== null;

    expect(run.rows.map((row) => row.id)).toEqual(ROWS);
    for (const row of run.rows) {
      if (withoutPostgres && POSTGRES_ROWS.includes(row.id)) {
        expect(row.skipped, row.id).toMatch(/PostgreSQL/);
        continue;
      }
      if (QUICK_SKIPPED.includes(row.id)) {
        expect(row.skipped, row.id).toMatch(/--quick/);
        continue;
      }
      expect(row.skipped, `${row.id} was skipped`).toBeUndefined();
      expect(Object.keys(row.values).length, row.id).toBeGreaterThan(0);
      for (const [name, value] of Object.entries(row.values))
        expect(Number.isFinite(value), `${row.id}.${name} = ${value}`).toBe(true);
      // A measure that got errors or non-2xx answers is a failed measure, whatever its budget.
      if ('non2xx' in row.values) expect(row.values.non2xx, row.id).toBe(0);
      expect(stdout).toContain(`| ${row.measure} |`);
    }
    const values = (id: string) => run.rows.find((row) => row.id === id)!.values;
    expect(values('me-pglite').requestsPerSecond).toBeGreaterThan(0);
    expect(values('form-screens').anchorBytes).toBeGreaterThan(100 * 1024);
    expect(values('keys-latency').anchorP95).toBeGreaterThan(0);
    expect(values('write-accept-claim').failures).toBe(0);
    expect(values('usable-form').median).toBeGreaterThan(0);
    expect(values('usable-form').anchorMedian).toBeGreaterThan(0);
    // Lighthouse measured the signed-in screen itself, not the sign-in page it would redirect to.
    expect(values('lighthouse-bank-account').onScreen).toBe(1);
    expect(values('lighthouse-bank-account').score).toBeGreaterThanOrEqual(0);
    expect(values('lighthouse-bank-account').score).toBeLessThanOrEqual(100);
    if (!withoutPostgres) expect(values('me-postgres').anchorRequestsPerSecond).toBeGreaterThan(0);
  }, 180_000);
});
