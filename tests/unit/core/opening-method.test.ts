// The transfer method a bank-account form opens on (core/payout/opening-method.ts), as the page
// and the server's announcement of its files both pick it.
import { describe, expect, it } from 'vitest';
import {
  countryTransferMethods,
  offeredOnly,
  openingMethod,
} from '../../../src/core/payout/opening-method';

const built = (country: string) =>
  ({ US: ['ACH', 'RTP', 'WIRE'], _default: ['WIRE'] })[country as 'US' | '_default'];

describe('the opening transfer method', () => {
  it("takes the build's methods where the published rules changed none", () => {
    expect(countryTransferMethods('US', new Map(), built)).toEqual(['ACH', 'RTP', 'WIRE']);
    expect(countryTransferMethods('KE', new Map(), built)).toEqual(['WIRE']);
    expect(openingMethod(countryTransferMethods('US', new Map(), built))).toBe('ACH');
  });

  it("takes the published rules' methods first, for a country and for _default", () => {
    const published = new Map([
      ['US', ['WIRE', 'ACH']],
      ['_default', ['SWIFT']],
    ]);
    expect(openingMethod(countryTransferMethods('US', published, built))).toBe('WIRE');
    expect(countryTransferMethods('KE', published, built)).toEqual(['SWIFT']);
  });

  it('opens on the method asked for when the country has it', () => {
    expect(openingMethod(['ACH', 'WIRE'], 'WIRE')).toBe('WIRE');
    expect(openingMethod(['ACH', 'WIRE'], 'SEPA')).toBe('ACH');
    expect(openingMethod([])).toBeUndefined();
  });

  it('keeps the methods the merchant pays to, all when it names none', () => {
    expect(offeredOnly(['ACH', 'RTP', 'WIRE'], ['WIRE', 'CHECK'])).toEqual(['WIRE']);
    expect(offeredOnly(['ACH', 'RTP'])).toEqual(['ACH', 'RTP']);
  });
});
