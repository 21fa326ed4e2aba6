// The first page a recipient sees stays light: /auth/start's first load (entry + static imports +
// its screen chunk) is at most 120 KB of gzipped JavaScript. Runs on the dist/web the e2e global
// setup keeps fresh; `npm run build` prints the same report for every route.
import { describe, expect, it } from 'vitest';
import { BUDGETS, bundleReport, formatReport, KB } from '../../scripts/bundle-report';

describe('bundle budget', () => {
  it('/auth/start needs at most 120 KB of gzipped JavaScript', () => {
    const report = bundleReport();
    expect(report.map((r) => r.path)).toContain('/auth/start');
    const start = report.find((r) => r.path === '/auth/start')!;
    expect(BUDGETS['/auth/start']).toBe(120 * KB);
    expect(
      start.js,
      `/auth/start needs ${(start.js / KB).toFixed(1)} KB gzipped:\n${formatReport([start])}`,
    ).toBeLessThanOrEqual(120 * KB);
  });
});
