// Every code the rules check can find has a sentence in each of the console's five languages
// (src/web/console/catalogs), which says the finding's values; the check's findings carry a known
// code with the values their sentence needs, beside the English `problem` of `npm run rules:check`.
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/core/i18n/locales';
import {
  missingMessageKeys,
  patternProblems,
  schemaFindings,
  loadMetaSchema,
  unsafePatterns,
} from '../../../src/core/rules/check-rules';
import { RULE_FINDING_CODES, type FindingParams } from '../../../src/core/rules/finding-codes';
import { de } from '../../../src/web/console/catalogs/de';
import { en } from '../../../src/web/console/catalogs/en';
import { es } from '../../../src/web/console/catalogs/es';
import { fr } from '../../../src/web/console/catalogs/fr';
import { pt } from '../../../src/web/console/catalogs/pt';

const catalogs = { en, es, fr, pt, de };
type Say = (params: FindingParams) => string;
const sayings = (language: keyof typeof catalogs) =>
  catalogs[language].findings as Record<string, Say | undefined>;

/** Values every sentence may name: each is distinct, so a sentence shows which it says. */
const VALUES: FindingParams = {
  path: '/bankAccount/fields/sortCode/pattern',
  pattern: '^\\d{6}',
  property: 'sortCodee',
  allowed: 'ACH, WIRE, RTP',
  type: 'boolean',
  keyword: 'minItems',
  error: 'Unterminated group',
  complexity: 'exponential',
  attack: '1111111111!',
  key: 'sortCode.nowhere',
  languages: 'es, de',
  currency: 'XYZ',
  country: 'KE',
  name: 'GB',
  rule: '_iban',
  errors: '/sortCode (pattern)',
  expected: 'EUR',
  received: 'USD',
  draft: 'FR',
};

describe('rule finding codes', () => {
  it('covers the five languages of the portal', () => {
    expect(Object.keys(catalogs).sort()).toEqual([...LOCALES].sort());
  });

  it.each(Object.keys(catalogs) as (keyof typeof catalogs)[])(
    '%s says every finding code, with its values, in its own words',
    (language) => {
      const theirs = sayings(language);
      expect(Object.keys(theirs).sort()).toEqual([...RULE_FINDING_CODES].sort());
      for (const code of RULE_FINDING_CODES) {
        const say = theirs[code];
        expect(typeof say, `${language}:${code}`).toBe('function');
        const text = say!(VALUES);
        expect(text.trim(), `${language}:${code}`).not.toBe('');
        expect(text, `${language}:${code}`).not.toMatch(/undefined|\[object/);
        if (language !== 'en')
          expect(text, `${language}:${code}`).not.toBe(sayings('en')[code]!(VALUES));
      }
    },
  );

  it('gives each finding of the check a known code and the values of its sentence', () => {
    const rule = {
      country: 'GB',
      name: 'United Kingdom',
      bankAccount: {
        fields: {
          sortCode: { pattern: '\\d{6}', messages: { pattern: 'sortCode.nowhere' } },
          accountNumber: { pattern: '^(\\d+)+$' },
          iban: { pattern: '^(\\d$' },
        },
      },
      surprise: true,
    };
    const findings = [
      ...schemaFindings(loadMetaSchema(), 'GB', rule),
      ...patternProblems('GB', rule),
      ...unsafePatterns('GB', rule),
      ...missingMessageKeys('GB', rule, { en: {}, es: {}, fr: {}, pt: {}, de: {} }),
    ];
    expect([...new Set(findings.map((f) => f.code))]).toEqual(
      expect.arrayContaining([
        'schema.unknownProperty',
        'schema.required',
        'pattern.unanchored',
        'pattern.invalid',
        'pattern.backtracks',
        'message.missing',
      ]),
    );
    for (const f of findings) {
      expect(RULE_FINDING_CODES).toContain(f.code);
      // The place, the pattern and the names a sentence is about are said in every language
      // (the backtracking's complexity and an engine's error text need not be).
      const german = sayings('de')[f.code]!(f.params);
      for (const [name, value] of Object.entries(f.params))
        if (!['complexity', 'error'].includes(name))
          expect(german, `${f.code}: ${name}`).toContain(String(value));
    }
    const unanchored = findings.find((f) => f.code === 'pattern.unanchored');
    expect(unanchored?.params).toEqual({
      path: '/bankAccount/fields/sortCode/pattern',
      pattern: '\\d{6}',
    });
    expect(sayings('de')['pattern.unanchored']!(unanchored!.params)).toBe(
      '/bankAccount/fields/sortCode/pattern: „\\d{6}“ muss mit ^ beginnen und mit $ enden, damit der ganze Wert passen muss.',
    );
  });
});
