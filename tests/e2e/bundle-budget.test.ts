// The first page a recipient sees stays light: /auth/start's first load (entry + static imports +
// its screen chunk) is at most 90 KB of gzipped JavaScript, as the server sends it. Runs on the
// dist/web the e2e global setup keeps fresh; `npm run build` prints the same report for every route.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './support/constants';
import {
  BUDGETS,
  bundleReport,
  FORM_BUDGET,
  formatReport,
  KB,
  overBudget,
  SHELL_BUDGET,
} from '../../scripts/bundle-report';
import { FORMS_CHUNK, ROUTE_FILES, type RouteFiles } from '../../src/core/routes/route-files';

describe('bundle budget', () => {
  it('/auth/start needs at most 90 KB of gzipped JavaScript', async () => {
    const report = await bundleReport();
    expect(report.map((r) => r.path)).toContain('/auth/start');
    const start = report.find((r) => r.path === '/auth/start')!;
    expect(BUDGETS['/auth/start']).toBe(90 * KB);
    expect(
      start.js,
      `/auth/start needs ${(start.js / KB).toFixed(1)} KB gzipped:\n${formatReport([start])}`,
    ).toBeLessThanOrEqual(90 * KB);
  });

  // Issue 27: a form screen needs at most 200 KB, every other screen of the portal 135 KB.
  it('every form screen needs at most 200 KB, every other screen at most 135 KB', async () => {
    const report = await bundleReport();
    expect(FORM_BUDGET).toBe(200 * KB);
    expect(SHELL_BUDGET).toBe(135 * KB);
    const budgetOf = (path: string) => report.find((r) => r.path === path)?.budget;
    for (const form of [
      '/bank-account',
      '/registration',
      '/zelle',
      '/debit-card',
      '/auth/register',
    ])
      expect(budgetOf(form), form).toBe(FORM_BUDGET);
    for (const shell of ['/dashboard', '/settings', '/paypal', '/physical-check'])
      expect(budgetOf(shell), shell).toBe(SHELL_BUDGET);
    expect(formatReport(overBudget(report))).toBe(formatReport([]));
  });

  // The bank-account page asks for the form engine itself once its module runs (the server has
  // painted its heading and lead): the server does not announce those files with the page's own
  // (its inline script does once the shell's are all but in), and the budget still counts them.
  it("counts /bank-account's form engine, which the page does not wait for", async () => {
    const report = await bundleReport();
    const counted = report.find((r) => r.path === '/bank-account')!.files;
    const announced = (
      JSON.parse(readFileSync(join(REPO_ROOT, 'dist/web', ROUTE_FILES), 'utf8')) as RouteFiles
    ).routes.find((r) => r.path === '/bank-account')!.files;
    expect(counted.some((f) => FORMS_CHUNK.test(f))).toBe(true);
    expect(announced.some((f) => FORMS_CHUNK.test(f))).toBe(false);
    expect(announced.every((f) => counted.includes(f))).toBe(true);
  });
});

describe('chunk graph', () => {
  // Two chunks importing each other run in an order the bundler does not promise: RJSF once ran
  // before the stand-ins it imports existed and every form screen but one broke.
  it('has no cycle of static imports between chunks', () => {
    const manifest = JSON.parse(
      readFileSync(join(REPO_ROOT, 'dist/web/.vite/manifest.json'), 'utf8'),
    ) as Record<string, { file: string; imports?: string[] }>;
    const imports = new Map(Object.entries(manifest).map(([key, c]) => [key, c.imports ?? []]));
    const cycles: string[] = [];
    const visit = (key: string, path: string[]): void => {
      if (path.includes(key)) {
        cycles.push(
          [...path.slice(path.indexOf(key)), key].map((k) => manifest[k]?.file).join(' → '),
        );
        return;
      }
      for (const next of imports.get(key) ?? []) visit(next, [...path, key]);
    };
    for (const key of imports.keys()) visit(key, []);
    expect(cycles).toEqual([]);
  });
});
