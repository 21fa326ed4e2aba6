// Amounts in mails: rounded exactly to the currency's minor units first, then laid out by Intl for
// the recipient's language, so "12.0000" USD reads "$12.00" in English and "12,00 $US" in French.
import { minorUnits, toMinorUnits } from '../services/exchange-rates';

/** `amount` (a decimal string) of `currency` formatted for `locale`. */
export function formatMoney(amount: string, currency: string, locale: string): string {
  const digits = minorUnits(currency);
  const exact = toMinorUnits(amount, currency);
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  // Intl formats a decimal string exactly (no binary float in between).
  return format.format(exact as Intl.StringNumericLiteral);
}

/** A date formatted for `locale` (day, month name, year) in UTC. */
export function formatMailDate(date: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

// Built once per language: constructing an Intl formatter costs far more than using one.
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** A date and time formatted for `locale` (long date, short time) in UTC. */
export function formatMailDateTime(date: Date, locale: string): string {
  let format = dateTimeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'UTC',
    });
    dateTimeFormats.set(locale, format);
  }
  return format.format(date);
}
