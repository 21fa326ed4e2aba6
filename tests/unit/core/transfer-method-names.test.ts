// What people call a transfer method is rule data: a euro-area WIRE account is a SEPA transfer,
// elsewhere the method keeps its own name.
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../../src/core/schemas/catalog';
import { createComposer, ruleNameFor } from '../../../src/core/schemas/compose';

const catalog = loadCatalog();
const composer = createComposer(catalog);

describe('transfer method names', () => {
  it.each(['AT', 'DE', 'FR', 'IE', 'PT', 'GF', 'MC'])(
    'a WIRE account in %s is a SEPA transfer',
    (c) => {
      expect(composer.transferMethodName(c, 'WIRE')).toBe('sepa');
    },
  );

  it.each(['UA', 'PL', 'GB', 'US', 'CH'])('a WIRE account in %s keeps its name', (c) => {
    expect(composer.transferMethodName(c, 'WIRE')).toBeUndefined();
  });

  it('keeps every euro-area country on IBAN rules', () => {
    for (const c of ['AT', 'DE', 'FR', 'IE', 'PT', 'GF']) {
      expect(['_euro', c]).toContain(ruleNameFor(catalog, c));
      const variant = composer.compose('bank-account', { country: c, method: 'WIRE' });
      expect(variant.schema.properties?.iban?.iban).toBeTruthy();
    }
  });
});
