// Every country and territory of the SWIFT IBAN registry asks for an IBAN, checked against its own
// format (length, BBAN structure, mod-97 and, where ibantools knows one, the national check). The
// expected list does not come from our rule files: it is ibantools' registry flag plus the registry
// entries ibantools 4.5 does not flag, so dropping a country from country-rules/_iban.json fails here.
import { getCountrySpecifications } from 'ibantools';
import { describe, expect, it } from 'vitest';
import { createComposer, ruleNameFor } from '../../../src/core/schemas/compose';
import { catalog, failures, formValidator } from '../../support/validator';
import { loadVectors } from '../../support/vectors';

/** Registry entries (release 99, December 2024) that ibantools 4.5.4 does not flag IBANRegistry. */
const REGISTRY_NOT_FLAGGED_BY_IBANTOOLS = ['BI', 'DJ', 'FK', 'HN'];
/** Territories the registry lists under another country's entry, and whose IBANs banks issue. */
const TERRITORY_PREFIX: Record<string, string> = {
  AX: 'FI',
  ...Object.fromEntries(
    ['GF', 'GP', 'MQ', 'RE', 'PF', 'TF', 'YT', 'NC', 'BL', 'MF', 'PM', 'WF'].map((c) => [c, 'FR']),
  ),
  IM: 'GB',
  JE: 'GB',
  GG: 'GB',
};
/** In the registry, but paid by sort code and account number (country-rules/GB.json). */
const DOMESTIC_RULE = ['GB'];

const specs = getCountrySpecifications();
const registry = [
  ...new Set([
    ...Object.keys(specs).filter((c) => specs[c]?.IBANRegistry),
    ...REGISTRY_NOT_FLAGGED_BY_IBANTOOLS,
    ...Object.keys(TERRITORY_PREFIX),
  ]),
].sort();

/** The registry's example IBAN of each entry (tests/fixtures/vectors/iban.json), by prefix. */
const samples = new Map(
  loadVectors('iban')
    .filter(
      (v) =>
        v.valid && v.source.startsWith('SWIFT IBAN Registry') && /^[A-Z]{2}\d{2}\w+$/.test(v.value),
    )
    .map((v) => [v.value.slice(0, 2), v.value]),
);

const composer = createComposer(catalog);
// The beneficiary's address, which a cross-border wire carries (required outside SEPA).
const record = (country: string, iban?: string) => ({
  countryCode: country,
  transferMethod: 'WIRE',
  nickname: 'Salary',
  ...(iban === undefined ? {} : { iban }),
  bic: 'DEUTDEFF',
  addressLine1: '1 Main Street',
  addressCity: 'Capital',
  addressCountryCode: country,
});

const withoutBic = ({ bic: _bic, ...rest }: ReturnType<typeof record>) => rest;

describe('the SWIFT IBAN registry', () => {
  it('has 89 country entries and 16 territories', () => {
    expect(registry.length).toBe(89 + 16);
    expect(registry).toEqual(expect.arrayContaining(['UA', 'GE', 'RS', 'CR', 'TN', 'JE', 'AX']));
  });

  it('is checked in as the countries of country-rules/_iban.json and of _euro.json, which extends it (all but the domestic GB rule)', () => {
    expect(catalog.rules._euro?.extends).toBe('_iban');
    const listed = [
      ...(catalog.rules._iban?.countries ?? []),
      ...(catalog.rules._euro?.countries ?? []),
    ];
    expect([...listed, ...DOMESTIC_RULE].sort()).toEqual(registry);
    expect(catalog.rules._iban?.source).toContain('SWIFT IBAN Registry');
  });

  it('has a registry example IBAN for each of its own prefixes', () => {
    const prefixes = registry.filter((c) => !TERRITORY_PREFIX[c]);
    expect(prefixes.filter((c) => !samples.has(c))).toEqual([]);
  });

  describe.each(registry.filter((c) => !DOMESTIC_RULE.includes(c)))('%s', (country) => {
    const prefix = TERRITORY_PREFIX[country] ?? country;
    const sample = samples.get(prefix)!;

    it(`asks for an IBAN checked as a ${prefix} IBAN`, () => {
      expect(ruleNameFor(catalog, country)).not.toBe('_default');
      const { schema } = composer.compose('bank-account', { country, method: 'WIRE' });
      expect(schema.required).toContain('iban');
      expect(schema.properties?.iban?.iban).toEqual(expect.arrayContaining([prefix]));
      expect(schema.properties).not.toHaveProperty('accountNumber');
    });

    it(`accepts the registry's ${prefix} example and refuses it mistyped or missing`, () => {
      expect(
        failures('bank-account', record(country, sample), { country, method: 'WIRE' }),
      ).toEqual([]);
      const last = sample.at(-1) === '1' ? '2' : '1';
      expect(
        failures('bank-account', record(country, sample.slice(0, -1) + last), {
          country,
          method: 'WIRE',
        }),
      ).toContain('/iban iban');
      expect(failures('bank-account', record(country), { country, method: 'WIRE' })).toContain(
        '/iban required',
      );
    });
  });

  it('a Ukrainian wire account takes the registry IBAN and a BIC', () => {
    const result = formValidator.validate(
      'bank-account',
      { ...record('UA', 'UA213223130000026007233566001'), bic: 'EXBSUAUX' },
      { country: 'UA', method: 'WIRE' },
    );
    expect(result).toMatchObject({ valid: true });
    expect(
      failures('bank-account', withoutBic(record('UA', 'UA213223130000026007233566001')), {
        country: 'UA',
        method: 'WIRE',
      }),
    ).toEqual(['/bic required']);
  });

  it('GB keeps its domestic rule: sort code and account number, no IBAN', () => {
    const { schema } = composer.compose('bank-account', { country: 'GB', method: 'WIRE' });
    expect(schema.required).toEqual(expect.arrayContaining(['sortCode', 'accountNumber']));
    expect(schema.properties).not.toHaveProperty('iban');
  });

  it('Jersey, Guernsey and the Isle of Man take GB IBANs only (no JE, GG or IM prefix exists)', () => {
    for (const country of ['JE', 'GG', 'IM']) {
      expect(
        composer.compose('bank-account', { country, method: 'WIRE' }).schema.properties?.iban?.iban,
      ).toEqual(['GB']);
    }
  });
});
