// Amounts in mails: the currency's ISO 4217 minor units, exact rounding, laid out per language.
import { describe, expect, it } from 'vitest';
import { formatMailDate, formatMoney } from '../../../src/server/mail/money';

// Intl separates currency and number with a no-break space in some languages.
const plain = (text: string): string => text.replace(/[\u00a0\u202f]/g, ' ');

describe('mail amounts', () => {
  it('shows USD with two decimals from a four-decimal stored amount', () => {
    expect(formatMoney('12.0000', 'USD', 'en')).toBe('$12.00');
    expect(plain(formatMoney('12.0000', 'USD', 'fr'))).toBe('12,00 $US');
  });

  it('shows JPY without decimals and BHD with three', () => {
    expect(formatMoney('1200.0000', 'JPY', 'en')).toBe('¥1,200');
    expect(plain(formatMoney('1.25', 'BHD', 'en'))).toBe('BHD 1.250');
    expect(plain(formatMoney('1.25', 'BHD', 'de'))).toBe('1,250 BHD');
  });

  it('rounds half-up exactly, with no binary float in between', () => {
    expect(formatMoney('0.0050', 'USD', 'en')).toBe('$0.01');
    expect(formatMoney('1.005', 'USD', 'en')).toBe('$1.01');
    expect(formatMoney('90071992547409.995', 'USD', 'en')).toBe('$90,071,992,547,410.00');
  });

  it('formats dates for the language', () => {
    const date = new Date('2026-11-25T09:00:00Z');
    expect(formatMailDate(date, 'en')).toBe('November 25, 2026');
    expect(formatMailDate(date, 'fr')).toBe('25 novembre 2026');
  });
});
