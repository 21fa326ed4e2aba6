// The national tax id checks country rules may name, and the meta-schema that lists them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TAX_ID_CHECKS, taxId } from '../../../src/core/validation/runtime-tax-id';

const meta = JSON.parse(readFileSync('country-rules/country-rules.schema.json', 'utf8')) as {
  definitions: { fieldRule: { properties: { taxId: { enum: string[] } } } };
};

describe('tax id checks', () => {
  it('are the ones the rule meta-schema lets a rule name', () => {
    expect(meta.definitions.fieldRule.properties.taxId.enum).toEqual(
      Object.keys(TAX_ID_CHECKS).sort(),
    );
  });

  it.each([
    ['FR.nif', '30 23 217 600 053', '3023217600054'],
    ['DE.idnr', '86095742719', '86095742718'],
    ['ES.nif', 'X1234567L', '12345678A'],
    ['IT.codicefiscale', 'RSSMRA85T10A562S', 'RSSMRA85T10A562T'],
    ['NL.bsn', '111222333', '111222334'],
    ['GB.nino', 'AB 12 34 56 C', 'AB123456E'],
    ['BR.cpf', '529.982.247-25', '529.982.247-26'],
    ['MX.rfc', 'GODE561231GR8', 'GODE561331GR8'],
    ['CA.sin', '046 454 286', '046 454 287'],
    ['AR.cuit', '20-26756539-3', '20-26756539-4'],
    ['UA.rntrc', '1759013776', '1759013777'],
    ['IN.pan', 'ABCPD1234E', 'ABCXD1234E'],
  ])('%s accepts %s as typed and refuses the mistyped %s', (check, good, bad) => {
    expect(taxId(good, check)).toBe(true);
    expect(taxId(bad, check)).toBe(false);
  });

  it('refuses every value for a check it does not know, even a prototype name', () => {
    expect(taxId('3023217600053', 'FR.unknown')).toBe(false);
    expect(taxId('3023217600053', 'constructor')).toBe(false);
  });
});
