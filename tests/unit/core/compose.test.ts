import { describe, expect, it } from 'vitest';
import {
  createComposer,
  ruledCountries,
  UnknownVariantError,
} from '../../../src/core/schemas/compose';
import { catalog } from '../../support/validator';

const composer = createComposer(catalog);

describe('compose(formId, {country, method})', () => {
  it('is deterministic and cached: the same variant object each time', () => {
    const a = composer.compose('bank-account', { country: 'US', method: 'ACH' });
    const b = composer.compose('bank-account', { country: 'US', method: 'ACH' });
    expect(a).toBe(b);
    expect(
      JSON.stringify(
        createComposer(catalog).compose('bank-account', { country: 'US', method: 'ACH' }).schema,
      ),
    ).toBe(JSON.stringify(a.schema));
    expect(Object.isFrozen(a.schema)).toBe(true);
  });

  it('turns rules into standard keywords, without if/then or allOf', () => {
    const { schema } = composer.compose('bank-account', { country: 'US', method: 'ACH' });
    const text = JSON.stringify(schema);
    expect(text).not.toMatch(/"(if|then|else|allOf)"/);
    expect(schema.properties?.routingNumber).toMatchObject({
      pattern: '^\\d{9}$',
      abaRouting: true,
    });
    expect(schema.required).toEqual(
      expect.arrayContaining(['routingNumber', 'accountNumber', 'accountType']),
    );
    expect(schema.properties?.iban).toBeUndefined();
  });

  it('keeps a confirmation field exactly when its original exists', () => {
    expect(
      composer.compose('bank-account', { country: 'US', method: 'ACH' }).schema.properties,
    ).toHaveProperty('accountNumberConfirmation');
    const de = composer.compose('bank-account', { country: 'DE', method: 'WIRE' }).schema;
    expect(de.properties).not.toHaveProperty('accountNumber');
    expect(de.properties).not.toHaveProperty('accountNumberConfirmation');
    expect(de.required).not.toContain('accountNumberConfirmation');
  });

  it('applies per-method rules on top of the country rule', () => {
    const ach = composer.compose('bank-account', { country: 'US', method: 'ACH' }).schema;
    const wire = composer.compose('bank-account', { country: 'US', method: 'WIRE' }).schema;
    expect(ach.required).toContain('accountType');
    expect(wire.required).not.toContain('accountType');
    expect(wire.required).toContain('bankName');
  });

  it('gives countries without a rule the one generic variant', () => {
    const a = composer.compose('bank-account', { country: 'ZA' });
    const b = composer.compose('bank-account', { country: 'KE' });
    expect(a).toBe(b);
    expect(a.country).toBe('_default');
    expect(a.schema.properties?.accountNumber?.pattern).toBe('^[A-Za-z0-9]{1,31}$');
  });

  it('shares the IBAN rule across its countries, each with its own country code', () => {
    const it = composer.compose('bank-account', { country: 'IT', method: 'WIRE' }).schema;
    expect(it.properties?.iban?.iban).toEqual(['IT']);
    expect(it.properties?.countryCode?.enum).toEqual(['IT']);
  });

  it('refuses a transfer method the country does not offer', () => {
    expect(() => composer.compose('bank-account', { country: 'DE', method: 'ACH' })).toThrow(
      UnknownVariantError,
    );
    expect(() => composer.compose('nope')).toThrow(UnknownVariantError);
  });

  it('lists every variant, and covers at least 30 countries', () => {
    expect(ruledCountries(catalog).length).toBeGreaterThanOrEqual(30);
    const keys = composer.allVariants().map((v) => v.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain('urn:payee-portal:form:bank-account:US:RTP');
    expect(keys).toContain('urn:payee-portal:form:otp');
  });
});
