// Addresses are written in their country's postal order, the country named in the reader's language.
import { describe, expect, it } from 'vitest';
import { formatAddress } from '../../../src/core/i18n/postal-address';

describe('formatAddress', () => {
  it.each([
    [
      { addressLine1: '8 rue de la Paix', city: 'Paris', postalCode: '75008', countryCode: 'FR' },
      'fr',
      ['8 rue de la Paix', '75008 Paris', 'France'],
    ],
    [
      {
        addressLine1: '350 Fifth Avenue',
        city: 'New York',
        state: 'NY',
        postalCode: '10118',
        countryCode: 'US',
      },
      'es',
      ['350 Fifth Avenue', 'New York, NY 10118', 'Estados Unidos'],
    ],
    [
      {
        addressLine1: '10 Downing Street',
        city: 'London',
        postalCode: 'SW1A 2AA',
        countryCode: 'GB',
      },
      'de',
      ['10 Downing Street', 'London', 'SW1A 2AA', 'Vereinigtes Königreich'],
    ],
    [
      {
        addressLine1: 'Av. Paulista, 1578',
        city: 'São Paulo',
        state: 'SP',
        postalCode: '01310-200',
        countryCode: 'BR',
      },
      'pt',
      ['Av. Paulista, 1578', 'São Paulo-SP', '01310-200', 'Brasil'],
    ],
  ])('writes %o in its country order', (address, locale, lines) => {
    expect(formatAddress(address, locale)).toEqual(lines);
  });

  it('leaves no stray comma or gap for a missing part', () => {
    expect(
      formatAddress({ addressLine1: '1 Main St', city: 'Austin', countryCode: 'US' }, 'en'),
    ).toEqual(['1 Main St', 'Austin', 'United States']);
  });
});
