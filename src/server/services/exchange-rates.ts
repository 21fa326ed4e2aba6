// Converts claim amounts with the configured rate table (config/exchange-rates.json, or
// EXCHANGE_RATES_FILE). Money is never a binary float: amounts are dinero.js objects on bigint,
// each currency with its ISO 4217 minor units (JPY none, BHD three), rounded half-up once, at the
// end. A rate older than the configured age is refused rather than paid at.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dinero, convert, halfUp, toDecimal, transformScale, type Dinero } from 'dinero.js/bigint';
import * as iso4217 from 'dinero.js/bigint/currencies';
import { REPO_ROOT } from '../../core/schemas/catalog';
import { badRequest, conflict } from '../errors';

export interface RateTable {
  /** Who published the rates, shown beside every quote. */
  source: string;
  /**
   * The publisher as a code the portal translates (widgets.exchangeRate.sources.<code>); without
   * one, the portal shows `source` as it is.
   */
  sourceCode?: string;
  /** When the rates were published (ISO 8601). */
  asOf: string;
  /** A stand-in for a daily feed: its rates count as published at the start of today (UTC). */
  simulated?: boolean;
  base: string;
  /** Units of each currency per one unit of `base`, as decimal strings. */
  rates: Record<string, string>;
}

export interface Quote {
  sourceCurrency: string;
  targetCurrency: string;
  sourceAmount: string;
  /** Units of target currency per one unit of source currency (up to 12 decimal places). */
  rate: string;
  targetAmount: string;
  asOf: string;
  source: string;
  /** The publisher's code, named in the user's language by the portal (RateTable.sourceCode). */
  sourceCode?: string;
}

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

export function loadRateTable(path = join(REPO_ROOT, 'config/exchange-rates.json')): RateTable {
  return JSON.parse(readFileSync(path, 'utf8')) as RateTable;
}

export interface ExchangeOptions {
  table?: RateTable;
  /** Rates older than this are refused (EXCHANGE_RATE_MAX_AGE_HOURS). */
  maxAgeHours?: number;
  now?: () => Date;
}

export function createExchange({
  table = loadRateTable(),
  maxAgeHours = 36,
  now = () => new Date(),
}: ExchangeOptions = {}) {
  const unknown = Object.keys(table.rates).filter((code) => !isoCurrency(code));
  if (unknown.length) throw new Error(`rate table has non-ISO 4217 codes: ${unknown.join(', ')}`);
  const currencies = Object.keys(table.rates).sort();

  /** When the table's rates were published; a simulated feed publishes every day. */
  function publishedAt(): Date {
    if (!table.simulated) return new Date(table.asOf);
    const today = now();
    return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  }

  function quote(amount: string, sourceCode: string, targetCode: string): Quote {
    const from = table.rates[sourceCode];
    const to = table.rates[targetCode];
    const source = isoCurrency(sourceCode);
    const target = isoCurrency(targetCode);
    if (!from || !to || !source || !target) {
      throw badRequest(
        `UnsupportedCurrency: ${!from ? sourceCode : targetCode} is not in the rate table`,
        [
          {
            path: '/targetCurrency',
            keyword: 'enum',
            messageKey: 'enum',
            params: { allowedValues: currencies },
            message: `choose one of ${currencies.join(', ')}`,
          },
        ],
      );
    }
    const asOf = publishedAt();
    const ageHours = (now().getTime() - asOf.getTime()) / 3_600_000;
    if (sourceCode !== targetCode && !(ageHours <= maxAgeHours)) {
      throw conflict(
        `ExchangeRateStale: the ${sourceCode}→${targetCode} rate of ${asOf.toISOString()} is older than ${maxAgeHours} hours; accept in ${sourceCode} or try again once rates are updated`,
      );
    }
    // rate = to / from at 12 decimal places (truncated); the amount paid is amount × rate exactly,
    // rounded half-up once to the target currency's minor unit.
    const rate =
      sourceCode === targetCode
        ? 10n ** RATE_SCALE
        : (scaled(to, RATE_SCALE) * 10n ** RATE_SCALE) / scaled(from, RATE_SCALE);
    const converted = convert(money(amount, source), target, {
      [targetCode]: { amount: rate, scale: RATE_SCALE },
    });
    const rounded = transformScale(converted, target.exponent, halfUp);
    return {
      sourceCurrency: sourceCode,
      targetCurrency: targetCode,
      sourceAmount: amount,
      rate: rateText(rate),
      targetAmount: toDecimal(rounded),
      asOf: asOf.toISOString(),
      source: table.source,
      ...(table.sourceCode ? { sourceCode: table.sourceCode } : {}),
    };
  }
  return { currencies, quote, simulated: table.simulated === true };
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
