// Money conversion: exact decimal arithmetic in each currency's ISO 4217 minor units, rounded
// half-up once; stale rates refused; the rate's date and source travel with every quote.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/server/errors';
import {
  createExchange,
  loadRateTable,
  minorUnits,
  type RateTable,
} from '../../../src/server/services/exchange-rates';

const TABLE: RateTable = {
  source: 'Test reference rates',
  asOf: '2026-11-24T16:00:00Z',
  base: 'USD',
  rates: {
    USD: '1',
    EUR: '0.9210',
    JPY: '154.3050',
    BHD: '0.376123',
    GBP: '0.7890',
  },
};
const NOW = new Date('2026-11-25T09:00:00Z');
const exchange = createExchange({ table: TABLE, maxAgeHours: 36, now: () => NOW });

describe('exchange rates', () => {
  it('knows ISO 4217 minor units: JPY none, USD two, BHD three', () => {
    expect([minorUnits('JPY'), minorUnits('USD'), minorUnits('BHD')]).toEqual([0, 2, 3]);
  });

  it('rounds half-up to whole yen, never through a binary float', () => {
    // 123.45 × 154.305 = 19048.95225 → 19049
    expect(exchange.quote('123.45', 'USD', 'JPY').targetAmount).toBe('19049');
    // 0.10 × 154.305 = 15.4305 → 15 (down) and 0.01 × 154.305 = 1.54305 → 2 (up)
    expect(exchange.quote('0.10', 'USD', 'JPY').targetAmount).toBe('15');
    expect(exchange.quote('0.01', 'USD', 'JPY').targetAmount).toBe('2');
  });

  it('rounds half-up to the fils in Bahraini dinars (three decimals)', () => {
    // 123.45 × 0.376123 = 46.43238435 → 46.432
    expect(exchange.quote('123.45', 'USD', 'BHD').targetAmount).toBe('46.432');
    // 1.50 × 0.376123 = 0.5641845 → 0.564; 1.33 × 0.376123 = 0.50024359 → 0.500
    expect(exchange.quote('1.50', 'USD', 'BHD').targetAmount).toBe('0.564');
    expect(exchange.quote('1.33', 'USD', 'BHD').targetAmount).toBe('0.500');
  });

  it('rounds a half cent up and keeps two decimals in euros', () => {
    // 0.5 × 0.921 = 0.4605 → 0.46; 10.05 × 0.921 = 9.25605 → 9.26
    expect(exchange.quote('0.50', 'USD', 'EUR').targetAmount).toBe('0.46');
    expect(exchange.quote('10.05', 'USD', 'EUR').targetAmount).toBe('9.26');
    // The float product 1.005 × 1 would print 1.00 with toFixed(2); exact decimals keep 1.01.
    expect(exchange.quote('1.005', 'USD', 'USD').targetAmount).toBe('1.01');
    // From yen to dollars: 1000 / 154.305 = 6.4806… → 6.48
    expect(exchange.quote('1000', 'JPY', 'USD').targetAmount).toBe('6.48');
  });

  it('quotes with the rate, its publication date and its source', () => {
    expect(exchange.quote('100.00', 'USD', 'EUR')).toEqual({
      sourceCurrency: 'USD',
      targetCurrency: 'EUR',
      sourceAmount: '100.00',
      rate: '0.921',
      targetAmount: '92.10',
      asOf: '2026-11-24T16:00:00.000Z',
      source: 'Test reference rates',
    });
  });

  it('refuses a conversion at a rate older than the configured age, not the claim currency', () => {
    const later = createExchange({
      table: TABLE,
      maxAgeHours: 36,
      now: () => new Date('2026-11-26T05:00:00Z'),
    });
    let error: unknown;
    try {
      later.quote('100.00', 'USD', 'EUR');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).statusCode).toBe(409);
    expect((error as ApiError).message).toMatch(/^ExchangeRateStale/);
    // Paying in the claim's own currency needs no rate.
    expect(later.quote('100.00', 'USD', 'USD').targetAmount).toBe('100.00');
  });

  it('treats a simulated table as published today, and refuses non-ISO codes', () => {
    const simulated = createExchange({
      table: { ...TABLE, asOf: '2020-01-01T00:00:00Z', simulated: true },
      now: () => NOW,
    });
    expect(simulated.quote('1.00', 'USD', 'EUR').asOf).toBe('2026-11-25T00:00:00.000Z');
    expect(() => createExchange({ table: { ...TABLE, rates: { XYZ: '1' } } })).toThrow(/XYZ/);
  });

  it('ships a table of ISO 4217 currencies with a source', () => {
    const table = loadRateTable();
    expect(table.source).toBeTruthy();
    expect(() => createExchange({ table })).not.toThrow();
  });
});
