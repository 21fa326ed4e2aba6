// Regular-expression denial of service: no pattern the server runs can be made to stall, a long
// value is refused quickly, and a compliance edit that introduces a vulnerable pattern is refused
// by `npm run rules:check`.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSync } from 'recheck';
import { unsafePatterns } from '../../src/core/rules/check-rules';
import { REPO_ROOT } from '../../src/core/schemas/catalog';
import {
  activatedUser,
  DATABASE_KINDS,
  rawRequest,
  startLiveServer,
  type LiveServer,
} from './support/server';

process.env.RECHECK_BACKEND ??= 'pure';

function patternsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(patternsIn);
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) =>
    key === 'pattern' && typeof v === 'string' && !/^[\w.]+$/.test(v) ? [v] : patternsIn(v),
  );
}

const jsonFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? jsonFiles(join(dir, entry.name))
      : entry.name.endsWith('.json')
        ? [join(dir, entry.name)]
        : [],
  );

describe('patterns', () => {
  it('every pattern of the schemas and the country rules is safe from catastrophic backtracking', () => {
    const files = [
      ...jsonFiles(join(REPO_ROOT, 'schemas')),
      ...jsonFiles(join(REPO_ROOT, 'country-rules')),
    ];
    const patterns = [
      ...new Set(files.flatMap((f) => patternsIn(JSON.parse(readFileSync(f, 'utf8'))))),
    ];
    expect(patterns.length).toBeGreaterThan(20);
    const unsafe = patterns.filter((p) => checkSync(p, 'u').status !== 'safe');
    expect(unsafe).toEqual([]);
  }, 120_000);

  it('rules:check refuses a rule file whose pattern backtracks catastrophically', () => {
    const findings = unsafePatterns('ZZ', {
      country: 'ZZ',
      forms: { 'bank-account': { fields: { accountNumber: { pattern: '^(\\d+)+$' } } } },
      messages: { pattern: 'accountNumber.zz' },
    });
    expect(findings).toHaveLength(1);
    expect(findings[0]!.file).toBe('country-rules/ZZ.json');
    expect(findings[0]!.problem).toContain('/forms/bank-account/fields/accountNumber/pattern');
    expect(findings[0]!.problem).toMatch(/catastrophically/);
    expect(unsafePatterns('ZZ', { fields: { a: { pattern: '^\\d{5}(-\\d{4})?$' } } })).toEqual([]);
  }, 60_000);
});

describe.each(DATABASE_KINDS)('long hostile values over HTTP on %s', (kind) => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await startLiveServer(kind, { RATE_LIMIT_SCALE: '100' });
  });
  afterAll(async () => server?.close());

  // Just under the 64 kB body limit once in JSON: the largest value an attacker can send.
  const evil = [
    'a@' + 'a-'.repeat(30_000),
    'a'.repeat(60_000) + '@',
    'a@' + 'a.'.repeat(30_000) + '!',
    '1'.repeat(60_000) + 'x',
  ];

  it('refuses 60 kB values on the register form quickly', async () => {
    for (const value of evil) {
      const started = performance.now();
      const response = await rawRequest(
        server,
        'POST',
        '/master/funnel/v1/me',
        { host: 'localhost', 'content-type': 'application/json' },
        JSON.stringify({
          data: { email: value },
          password: 'Sunrise-42-river',
          claimId: '00000000-0000-4000-8000-000000000000',
        }),
      );
      expect(response.status).toBe(400);
      expect(performance.now() - started).toBeLessThan(1_000);
    }
  });

  it('refuses 60 kB values on every bank-account field quickly', async () => {
    const user = await activatedUser(server);
    const fields = ['accountNumber', 'sortCode', 'bic', 'iban', 'bankName', 'nickname'];
    for (const field of fields) {
      for (const value of evil) {
        const started = performance.now();
        const response = await user.browser.api('POST', '/payment-methods/bank-accounts', {
          countryCode: 'GB',
          transferMethod: 'WIRE',
          accountType: 'CHECKING',
          [field]: value,
        });
        expect(response.status, field).toBe(400);
        expect(performance.now() - started).toBeLessThan(1_000);
      }
    }
  });
});
