// Converts claim amounts at the stored reference rates (services/rate-feed.ts keeps them current;
// the European Central Bank's euro reference rates, or the bundled simulated feed in development).
// Money is never a binary float: amounts are dinero.js objects on bigint, each currency with its
// ISO 4217 minor units (JPY none, BHD three).
//
// The rule, the same for every pair: rates are units per one euro as published, so the rate from S
// to T is T-per-euro ÷ S-per-euro (the euro itself is 1), computed exactly on bigint and rounded
// half-up to 12 decimal places (what a claim stores); the target amount is the source amount × that
// rate, exactly, rounded half-up once to T's minor unit. So the amount follows from the rate shown.
// A pair's date is the older of its two currencies' latest dates; a rate more than the configured
// number of days older than today (UTC) is refused rather than paid at.
import { dinero, convert, halfUp, toDecimal, transformScale, type Dinero } from 'dinero.js/bigint';
import * as iso4217 from 'dinero.js/bigint/currencies';
import { badRequest, conflict } from '../errors';
import { holidaysBetween } from './banking-calendars';
import type { Quote } from '../../core/payout/quote';

/** The rates a process quotes with: each currency's latest published rate, with its date. */
export interface RateSnapshot {
  /** Units of each currency per one euro (decimal strings) and the date they were published. */
  rates: Record<string, { perEuro: string; date: string }>;
}

export interface RateSource {
  /** Who published the rates, shown beside every quote. */
  source: string;
  /** The publisher as a code the portal names in the user's language (widgets.exchangeRate.sources). */
  sourceCode: string;
  /** The bundled development file stands in for the feed (production refuses it unless allowed). */
  simulated: boolean;
}

export const ECB_SOURCE: RateSource = {
  source: 'European Central Bank reference rate',
  sourceCode: 'ECB',
  simulated: false,
};
export const SIMULATED_SOURCE: RateSource = {
  source: 'Payee Portal reference rates (simulated feed)',
  sourceCode: 'PORTAL_REFERENCE_SIMULATED',
  simulated: true,
};

type Currency = { code: string; base: bigint; exponent: bigint };
const CURRENCIES = iso4217 as unknown as Record<string, Currency | undefined>;

/** The ISO 4217 currency, or undefined for a code that is not one. */
export const isoCurrency = (code: string): Currency | undefined =>
  /^[A-Z]{3}$/.test(code) ? CURRENCIES[code] : undefined;

/** Digits after the decimal point in `code`'s minor unit (ISO 4217). */
export const minorUnits = (code: string): number => Number(isoCurrency(code)?.exponent ?? 2n);

const RATE_SCALE = 12n;

/** A decimal string as an amount of `currency` at the string's own scale (exact). */
function money(amount: string, currency: Currency): Dinero<bigint> {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) throw new Error(`not a decimal amount: ${amount}`);
  const [, whole = '0', fraction = ''] = match;
  return dinero({ amount: BigInt(whole + fraction), currency, scale: BigInt(fraction.length) });
}

/** A decimal string as an integer at `scale` decimal places (truncating beyond it). */
function scaled(decimal: string, scale: bigint): bigint {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return BigInt(whole + fraction.padEnd(Number(scale), '0').slice(0, Number(scale)));
}

/** The rate as a decimal string without trailing zeros ("0.921", "1"). */
const rateText = (units: bigint): string => {
  const text = units.toString().padStart(Number(RATE_SCALE) + 1, '0');
  const fraction = text.slice(-Number(RATE_SCALE)).replace(/0+$/, '');
  return fraction
    ? `${text.slice(0, -Number(RATE_SCALE))}.${fraction}`
    : text.slice(0, -Number(RATE_SCALE));
};

export interface ExchangeOptions {
  source?: RateSource;
  /**
   * Rates more than this many days older than today (UTC), TARGET holidays not counted, are
   * refused (EXCHANGE_RATES_MAX_AGE_DAYS).
   */
  maxAgeDays?: number;
  now?: () => Date;
}

const DAY_MS = 86_400_000;

/** Whole days from `date` (YYYY-MM-DD) to today's date in UTC. */
const daysSince = (date: string, now: Date): number =>
  Math.floor(
    (Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) -
      Date.parse(`${date}T00:00:00Z`)) /
      DAY_MS,
  );

/**
 * Days from the rates' date to today, not counting TARGET holidays on weekdays (no reference rates
 * are published then): Maundy Thursday's rates are 3 days old on the Tuesday after Easter, not 5.
 */
function rateAge(date: string, now: Date): number {
  const days = daysSince(date, now);
  // At most six TARGET holidays a year: beyond that, counting them changes nothing.
  if (!(days <= 366)) return days;
  return days - holidaysBetween('TARGET', date, now.toISOString().slice(0, 10));
}

/** `numerator / denominator` at RATE_SCALE decimal places, rounded half-up (both positive). */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  const quotient = (numerator * 10n ** RATE_SCALE) / denominator;
  const remainder = (numerator * 10n ** RATE_SCALE) % denominator;
  return remainder * 2n >= denominator ? quotient + 1n : quotient;
}

/**
 * Quotes at the rates it was last given (`replace`): synchronous, so a route never waits on the
 * feed. Before any rates are stored it quotes only a claim's own currency.
 */
export function createExchange({
  source = SIMULATED_SOURCE,
  maxAgeDays = 4,
  now = () => new Date(),
}: ExchangeOptions = {}) {
  let rates = new Map<string, { perEuro: bigint; date: string }>();
  let currencies: string[] = [];
  let newest: string | undefined;

  /** The snapshot's currencies that are ISO 4217 (others are not offered), with the euro at 1. */
  function replace(snapshot: RateSnapshot): void {
    const next = new Map<string, { perEuro: bigint; date: string }>();
    for (const [code, { perEuro, date }] of Object.entries(snapshot.rates)) {
      if (code !== 'EUR' && isoCurrency(code))
        next.set(code, { perEuro: scaled(perEuro, RATE_SCALE), date });
    }
    const dates = [...next.values()].map((rate) => rate.date).sort();
    newest = dates[dates.length - 1];
    if (newest) next.set('EUR', { perEuro: 10n ** RATE_SCALE, date: newest });
    rates = next;
    currencies = [...next.keys()].sort();
  }

  function unsupported(code: string): never {
    throw badRequest(`UnsupportedCurrency: ${code} has no ${source.source}`, [
      {
        path: '/targetCurrency',
        keyword: 'enum',
        messageKey: 'enum',
        params: { allowedValues: currencies },
        message: `choose one of ${currencies.join(', ')}`,
      },
    ]);
  }

  function quote(amount: string, sourceCode: string, targetCode: string): Quote {
    const from = isoCurrency(sourceCode);
    const to = isoCurrency(targetCode);
    if (!from) unsupported(sourceCode);
    if (!to) unsupported(targetCode);
    const today = now();
    let rate = 10n ** RATE_SCALE;
    let rateDate = newest ?? today.toISOString().slice(0, 10);
    // Paid in the claim's own currency: nothing is converted, so no rate is needed.
    if (sourceCode !== targetCode) {
      if (!rates.size)
        throw conflict(
          `ExchangeRateStale: no ${source.source} is stored yet (the feed has not answered); accept in ${sourceCode} or try again later`,
        );
      const fromRate = rates.get(sourceCode) ?? unsupported(sourceCode);
      const toRate = rates.get(targetCode) ?? unsupported(targetCode);
      rateDate = fromRate.date < toRate.date ? fromRate.date : toRate.date;
      if (!(rateAge(rateDate, today) <= maxAgeDays))
        throw conflict(
          `ExchangeRateStale: the ${sourceCode}→${targetCode} rate of ${rateDate} is more than ${maxAgeDays} days old; accept in ${sourceCode} or try again once rates are updated`,
        );
      rate = divideHalfUp(toRate.perEuro, fromRate.perEuro);
    }
    const converted = convert(money(amount, from), to, {
      [targetCode]: { amount: rate, scale: RATE_SCALE },
    });
    const rounded = transformScale(converted, to.exponent, halfUp);
    return {
      sourceCurrency: sourceCode,
      targetCurrency: targetCode,
      sourceAmount: amount,
      rate: rateText(rate),
      targetAmount: toDecimal(rounded),
      asOf: `${rateDate}T00:00:00.000Z`,
      rateDate,
      source: source.source,
      sourceCode: source.sourceCode,
    };
  }

  return {
    /** The currencies quoted (ISO 4217 codes with a stored rate, and the euro), sorted. */
    get currencies(): string[] {
      return currencies;
    },
    /** The newest publication date among the rates (undefined before any are stored). */
    get newestDate(): string | undefined {
      return newest;
    },
    quote,
    replace,
    simulated: source.simulated,
  };
}
export type Exchange = ReturnType<typeof createExchange>;

/**
 * A decimal amount rounded half-up to `code`'s ISO 4217 minor units, as a decimal string
 * ("12.0000" USD is "12.00", "1200.4" JPY is "1200"); exact, on bigint.
 */
export function toMinorUnits(amount: string, code: string): string {
  const currency = isoCurrency(code);
  if (!currency) throw new Error(`not an ISO 4217 currency: ${code}`);
  return toDecimal(transformScale(money(amount, currency), currency.exponent, halfUp));
}
