// Money conversion: cross rates through the euro with exact decimals (T per euro ÷ S per euro,
// half-up at 12 decimal places), amounts in each currency's ISO 4217 minor units rounded half-up
// once; stale rates refused; the rate's date and source travel with every quote.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/server/errors';
import {
  createExchange,
  ECB_SOURCE,
  minorUnits,
  type RateSnapshot,
} from '../../../src/server/services/exchange-rates';

const DAY = '2026-11-24';
const NOW = new Date('2026-11-25T09:00:00Z');
/** Per euro, chosen so that from USD the rates are 0.8 EUR, 154.305 JPY and 0.376123 BHD. */
const SNAPSHOT: RateSnapshot = {
  rates: {
    USD: { perEuro: '1.25', date: DAY },
    JPY: { perEuro: '192.88125', date: DAY },
    BHD: { perEuro: '0.47015375', date: DAY },
    GBP: { perEuro: '0.8567', date: DAY },
  },
};

function exchangeAt(snapshot: RateSnapshot, now = NOW, maxAgeDays = 4) {
  const exchange = createExchange({ source: ECB_SOURCE, maxAgeDays, now: () => now });
  exchange.replace(snapshot);
  return exchange;
}
const exchange = exchangeAt(SNAPSHOT);

function refusal(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('not refused');
}

describe('exchange rates', () => {
  it('knows ISO 4217 minor units: JPY none, USD two, BHD three', () => {
    expect([minorUnits('JPY'), minorUnits('USD'), minorUnits('BHD')]).toEqual([0, 2, 3]);
  });

  it('crosses through the euro: target per euro ÷ source per euro', () => {
    expect(exchange.quote('1.00', 'USD', 'JPY').rate).toBe('154.305');
    expect(exchange.quote('1.00', 'USD', 'BHD').rate).toBe('0.376123');
    expect(exchange.quote('1.00', 'USD', 'EUR').rate).toBe('0.8');
    expect(exchange.quote('1.00', 'EUR', 'USD').rate).toBe('1.25');
    expect(exchange.currencies).toEqual(['BHD', 'EUR', 'GBP', 'JPY', 'USD']);
  });

  it('rounds a cross rate half-up at 12 decimal places, and the amount from that rate', () => {
    const ecb = exchangeAt({
      rates: { USD: { perEuro: '1.0858', date: DAY }, GBP: { perEuro: '0.85670', date: DAY } },
    });
    // 1 / 1.0858 = 0.920979922637686…: half-up gives …638 (truncating would give …637).
    const toEuro = ecb.quote('125.50', 'USD', 'EUR');
    expect(toEuro.rate).toBe('0.920979922638');
    // 125.50 × 0.920979922638 = 115.582980291069 → 115.58
    expect(toEuro.targetAmount).toBe('115.58');
    // 0.8567 / 1.0858 = 0.789003499723706… → 0.789003499724
    expect(ecb.quote('100.00', 'USD', 'GBP')).toMatchObject({
      rate: '0.789003499724',
      targetAmount: '78.90',
    });
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

  it('keeps two decimals in euros and dollars', () => {
    expect(exchange.quote('0.50', 'USD', 'EUR').targetAmount).toBe('0.40');
    expect(exchange.quote('10.05', 'USD', 'EUR').targetAmount).toBe('8.04');
    // The float product 1.005 × 1 would print 1.00 with toFixed(2); exact decimals keep 1.01.
    expect(exchange.quote('1.005', 'USD', 'USD').targetAmount).toBe('1.01');
    // From yen to dollars: 1000 × (1.25 / 192.88125 = 0.006480671398) = 6.48067… → 6.48
    expect(exchange.quote('1000', 'JPY', 'USD').targetAmount).toBe('6.48');
  });

  it('quotes with the rate, its publication date and its source', () => {
    expect(exchange.quote('100.00', 'USD', 'EUR')).toEqual({
      sourceCurrency: 'USD',
      targetCurrency: 'EUR',
      sourceAmount: '100.00',
      rate: '0.8',
      targetAmount: '80.00',
      asOf: '2026-11-24T00:00:00.000Z',
      rateDate: '2026-11-24',
      source: 'European Central Bank reference rate',
      sourceCode: 'ECB',
    });
  });

  it("dates a pair by the older of its currencies' latest rates", () => {
    const gap = exchangeAt({
      rates: {
        USD: { perEuro: '1.25', date: '2026-11-24' },
        // Missing from the newest day: its latest earlier rate is used, and dates the quote.
        JPY: { perEuro: '192.88125', date: '2026-11-23' },
      },
    });
    expect(gap.quote('1.00', 'USD', 'JPY').rateDate).toBe('2026-11-23');
    expect(gap.quote('1.00', 'USD', 'EUR').rateDate).toBe('2026-11-24');
  });

  it('refuses a conversion at a rate more than the configured days old, not the claim currency', () => {
    // The 24th's rates on the 28th (4 days: a weekend and a holiday) are used; on the 29th, refused.
    const fourDays = exchangeAt(SNAPSHOT, new Date('2026-11-28T23:59:00Z'));
    expect(fourDays.quote('100.00', 'USD', 'EUR').targetAmount).toBe('80.00');
    const later = exchangeAt(SNAPSHOT, new Date('2026-11-29T00:01:00Z'));
    const error = refusal(() => later.quote('100.00', 'USD', 'EUR'));
    expect(error.statusCode).toBe(409);
    expect(error.message).toMatch(
      /^ExchangeRateStale: the USD→EUR rate of 2026-11-24 is more than 4 days old/,
    );
    // Paying in the claim's own currency needs no rate.
    expect(later.quote('100.00', 'USD', 'USD').targetAmount).toBe('100.00');
    // The age is configured.
    expect(
      exchangeAt(SNAPSHOT, new Date('2026-11-29T00:01:00Z'), 5).quote('1.00', 'USD', 'EUR').rate,
    ).toBe('0.8');
  });

  it('does not count TARGET holidays: Maundy Thursday serves until the Tuesday after Easter', () => {
    // Easter 2027 is 28 March: no rates on Good Friday (26th) nor Easter Monday (29th).
    const thursday = {
      rates: {
        USD: { perEuro: '1.25', date: '2027-03-25' },
        JPY: { perEuro: '160', date: '2027-03-25' },
      },
    };
    const tuesday = exchangeAt(thursday, new Date('2027-03-30T10:00:00Z'));
    expect(tuesday.quote('100.00', 'USD', 'EUR').rateDate).toBe('2027-03-25');
    // Christmas: the 24th's rates on the 29th (25th a holiday, 26th on the weekend).
    const christmas = { rates: { USD: { perEuro: '1.25', date: '2026-12-24' } } };
    expect(
      exchangeAt(christmas, new Date('2026-12-29T10:00:00Z')).quote('1.00', 'USD', 'EUR').rate,
    ).toBe('0.8');
    // A weekday that is no holiday still counts: the same Thursday's rates on Thursday 1 April.
    const later = exchangeAt(thursday, new Date('2027-04-01T10:00:00Z'));
    expect(refusal(() => later.quote('1.00', 'USD', 'EUR')).statusCode).toBe(409);
  });

  it('refuses a currency the feed does not publish by name, and offers no non-ISO code', () => {
    const error = refusal(() => exchange.quote('1.00', 'USD', 'UAH'));
    expect(error.statusCode).toBe(400);
    expect(error.message).toMatch(
      /^UnsupportedCurrency: UAH has no European Central Bank reference rate/,
    );
    expect(error.errors?.[0]).toMatchObject({
      path: '/targetCurrency',
      params: { allowedValues: exchange.currencies },
    });
    const odd = exchangeAt({ rates: { ...SNAPSHOT.rates, XYZ: { perEuro: '2', date: DAY } } });
    expect(odd.currencies).not.toContain('XYZ');
  });

  it('before any rates are stored, quotes only the claim currency', () => {
    const empty = createExchange({ source: ECB_SOURCE, now: () => NOW });
    expect(empty.currencies).toEqual([]);
    expect(refusal(() => empty.quote('1.00', 'USD', 'EUR')).message).toMatch(
      /^ExchangeRateStale: no European Central Bank reference rate is stored yet/,
    );
    expect(empty.quote('1.00', 'USD', 'USD').targetAmount).toBe('1.00');
  });
});
