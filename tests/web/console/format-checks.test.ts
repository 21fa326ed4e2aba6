// The checks the format builder offers (src/web/console/format-checks.ts): each sets the field
// rule's keyword, and its samples pass and fail the engine's compiled keyword as they are meant to.
import { countrySpecs } from 'ibantools';
import { describe, expect, it } from 'vitest';
import metaSchema from '../../../country-rules/country-rules.schema.json';
import { createAjv } from '../../../src/core/validation/ajv';
import {
  CHECK_KEYWORDS,
  checkOf,
  checkSamples,
  defaultCheck,
  ibanOf,
  TAX_ID_SCHEMES,
  withCheck,
  type Check,
} from '../../../src/web/console/format-checks';

const ajv = createAjv();

/** The check as the engine compiles it in a form: the field beside the fields it names. */
function compiled(check: Check, country: string) {
  const rule = withCheck({}, check);
  // `iban: true` is an IBAN of the rule's country once composed (src/core/schemas/compose.ts).
  const property =
    rule.iban === true && !country.startsWith('_') ? { ...rule, iban: [country] } : rule;
  return ajv.compile({
    type: 'object',
    properties: { value: { type: 'string', ...property }, sortCode: { type: 'string' } },
  });
}

describe('format builder checks', () => {
  it("offers every check of the meta-schema's field rule", () => {
    const fieldRule = (
      metaSchema as unknown as {
        definitions: { fieldRule: { properties: Record<string, { enum?: string[] }> } };
      }
    ).definitions.fieldRule.properties;
    for (const keyword of CHECK_KEYWORDS) expect(fieldRule, keyword).toHaveProperty(keyword);
    expect([...TAX_ID_SCHEMES]).toEqual(fieldRule.taxId?.enum);
  });

  it('sets the keyword of the rule, one check at a time, and reads it back', () => {
    const rule = { required: true, pattern: '^[0-9]{9}$', cbu: true };
    expect(withCheck(rule, { keyword: 'abaRouting' })).toEqual({
      required: true,
      pattern: '^[0-9]{9}$',
      abaRouting: true,
    });
    expect(withCheck(rule, null)).toEqual({ required: true, pattern: '^[0-9]{9}$' });
    expect(withCheck({}, { keyword: 'ukModulus', field: 'sortCode' })).toEqual({
      ukModulus: 'sortCode',
    });
    expect(withCheck({}, { keyword: 'taxId', scheme: 'FR.nif' })).toEqual({ taxId: 'FR.nif' });
    expect(withCheck({}, { keyword: 'iban', countries: ['FR', 'BL'] })).toEqual({
      iban: ['FR', 'BL'],
    });
    const checks: Check[] = [
      ...CHECK_KEYWORDS.map(defaultCheck),
      { keyword: 'iban', countries: ['FI', 'AX'] },
      ...TAX_ID_SCHEMES.map((scheme) => ({ keyword: 'taxId' as const, scheme })),
    ];
    for (const check of checks) expect(checkOf(withCheck({ pattern: 'x' }, check))).toEqual(check);
    expect(checkOf({ pattern: '^x$' })).toBeNull();
  });

  it("samples values that the engine's compiled check accepts and refuses", () => {
    const checks: [Check, string][] = [
      [{ keyword: 'iban', countries: true }, 'DE'],
      [{ keyword: 'iban', countries: true }, 'FR'],
      [{ keyword: 'iban', countries: ['FI', 'AX'] }, 'AX'],
      // A shared rule's `iban: true` is any country's IBAN.
      [{ keyword: 'iban', countries: true }, '_iban'],
      [{ keyword: 'bic' }, 'DE'],
      [{ keyword: 'abaRouting' }, 'US'],
      [{ keyword: 'clabe' }, 'MX'],
      [{ keyword: 'cbu' }, 'AR'],
      [{ keyword: 'ukModulus', field: 'sortCode' }, 'GB'],
      ...TAX_ID_SCHEMES.map((scheme): [Check, string] => [{ keyword: 'taxId', scheme }, 'FR']),
    ];
    for (const [check, country] of checks) {
      const validate = compiled(check, country);
      const { accepted, refused } = checkSamples(check, country);
      const name = JSON.stringify(check);
      expect(accepted.length, name).toBeGreaterThan(0);
      expect(refused.length, name).toBeGreaterThan(0);
      for (const sample of accepted)
        expect(validate({ ...sample.with, value: sample.value }), `${name} ${sample.value}`).toBe(
          true,
        );
      for (const sample of refused)
        expect(validate({ ...sample.with, value: sample.value }), `${name} ${sample.value}`).toBe(
          false,
        );
    }
  });

  it('makes a valid IBAN for every country of the IBAN registry', () => {
    const validate = ajv.compile({ type: 'string', iban: true });
    const countries = Object.keys(countrySpecs).filter((c) => countrySpecs[c]?.chars);
    expect(countries.length).toBeGreaterThan(80);
    for (const country of countries) {
      const iban = ibanOf(country);
      expect(iban?.slice(0, 2), country).toBe(country);
      expect(validate(iban), `${country} ${iban}`).toBe(true);
    }
  });
});
