import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkCatalog,
  checkRules,
  loadMetaSchema,
  validationMessages,
} from '../../../src/core/rules/check-rules';
import { loadCatalog, REPO_ROOT } from '../../../src/core/schemas/catalog';

const copies: string[] = [];
function copyRepoRules(): string {
  const root = mkdtempSync(join(tmpdir(), 'rules-'));
  copies.push(root);
  cpSync(join(REPO_ROOT, 'schemas'), join(root, 'schemas'), { recursive: true });
  cpSync(join(REPO_ROOT, 'country-rules'), join(root, 'country-rules'), { recursive: true });
  return root;
}
afterEach(() => copies.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const edit = (root: string, file: string, change: (text: string) => string): void => {
  const path = join(root, 'country-rules', file);
  writeFileSync(path, change(readFileSync(path, 'utf8')));
};

describe('rules:check', () => {
  it('passes on the repository rules', () => {
    const report = checkRules();
    expect(report.findings).toEqual([]);
    expect(report.examples).toBeGreaterThan(20);
  });

  it('takes a message key a rule writes itself, or one the rule it extends writes, and refuses one nobody has', () => {
    const KEY = 'postalCode.fiveDigitsConsole';
    const TEXTS = { en: 'Five digits.', es: 'Cinco.', fr: 'Cinq.', pt: 'Cinco.', de: 'Fünf.' };
    const catalog = structuredClone(loadCatalog());
    const de = catalog.rules.DE!;
    const postalCode = de.address?.fields?.postalCode;
    if (!postalCode) throw new Error('DE has no postalCode rule');
    postalCode.messages = { pattern: KEY };
    const problems = () =>
      checkCatalog(catalog, loadMetaSchema(), validationMessages(), 'DE')
        .findings.filter((f) => f.file === 'country-rules/DE.json')
        .map((f) => f.problem);
    expect(problems().join('\n')).toMatch(new RegExp(`"${KEY}", which is missing in en, es`));
    // Written by _euro, which DE extends: found as the composed form finds it.
    catalog.rules._euro!.translations = { [KEY]: TEXTS };
    expect(problems()).toEqual([]);
    // Written by DE itself.
    delete catalog.rules._euro!.translations;
    de.translations = { [KEY]: TEXTS };
    expect(problems()).toEqual([]);
  });

  it('points at the example a changed regex breaks', () => {
    const root = copyRepoRules();
    // A compliance edit gone wrong: ZIP codes of 6 digits instead of 5.
    edit(root, 'US.json', (t) => t.replace('"^\\\\d{5}(-\\\\d{4})?$"', '"^\\\\d{6}(-\\\\d{4})?$"'));
    const { findings } = checkRules(root);
    expect(findings.length).toBeGreaterThan(0);
    expect(findings[0]).toMatchObject({
      file: 'country-rules/US.json',
      example: expect.stringContaining('A New York address with ZIP+4'),
    });
    expect(findings[0]?.problem).toMatch(/should pass, but \/zipCode failed "pattern"/);
  });

  it('names the file and field of a rule that breaks the meta-schema', () => {
    const root = copyRepoRules();
    edit(root, 'US.json', (t) => t.replace('"abaRouting": true', '"abaRouting": "yes"'));
    const { findings } = checkRules(root);
    expect(
      findings.some((f) => f.file === 'country-rules/US.json' && /abaRouting/.test(f.problem)),
    ).toBe(true);
  });

  it('reports a regex that does not compile', () => {
    const root = copyRepoRules();
    edit(root, 'US.json', (t) => t.replace('"^\\\\d{5}(-\\\\d{4})?$"', '"^\\\\d{5}(-\\\\d{4}?$"'));
    const { findings } = checkRules(root);
    expect(
      findings.some((f) => f.file === 'country-rules/US.json' && /pattern|regex/.test(f.problem)),
    ).toBe(true);
  });

  it('reports a failing example that no longer fails', () => {
    const root = copyRepoRules();
    edit(root, 'US.json', (t) =>
      t.replace('"routingNumber": "021000022"', '"routingNumber": "021000021"'),
    );
    const { findings } = checkRules(root);
    expect(findings).toContainEqual(
      expect.objectContaining({
        example: expect.stringContaining('wrong check digit'),
        problem: expect.stringContaining('but it passed'),
      }),
    );
  });
});
