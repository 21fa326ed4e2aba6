// Converts claim amounts with the configured rate table (config/exchange-rates.json). Decimal
// strings throughout; arithmetic in integer micro-units to avoid binary floating point.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../core/schemas/catalog';
import { badRequest } from '../errors';

interface RateTable {
  asOf: string;
  base: string;
  rates: Record<string, string>;
}

export interface Quote {
  sourceCurrency: string;
  targetCurrency: string;
  sourceAmount: string;
  /** Units of target currency per one unit of source currency. */
  rate: string;
  targetAmount: string;
  asOf: string;
}

const SCALE = 12n;
const toUnits = (decimal: string, scale = SCALE): bigint => {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return BigInt(whole + fraction.padEnd(Number(scale), '0').slice(0, Number(scale)));
};
const fromUnits = (units: bigint, places: number, scale = SCALE): string => {
  const divisor = 10n ** (scale - BigInt(places));
  const rounded = (units + divisor / 2n) / divisor; // half-up on positive amounts
  const text = rounded.toString().padStart(places + 1, '0');
  return places ? `${text.slice(0, -places)}.${text.slice(-places)}` : text;
};

// Currencies without minor units.
const ZERO_DECIMAL = new Set(['JPY', 'KRW', 'CLP', 'VND']);

export function loadRateTable(path = join(REPO_ROOT, 'config/exchange-rates.json')): RateTable {
  return JSON.parse(readFileSync(path, 'utf8')) as RateTable;
}

export function createExchange(table: RateTable = loadRateTable()) {
  const currencies = Object.keys(table.rates).sort();
  function quote(amount: string, source: string, target: string): Quote {
    const from = table.rates[source];
    const to = table.rates[target];
    if (!from || !to) {
      throw badRequest(`UnsupportedCurrency: ${!from ? source : target} is not in the rate table`, [
        {
          path: '/targetCurrency',
          keyword: 'enum',
          messageKey: 'enum',
          params: { allowedValues: currencies },
          message: `choose one of ${currencies.join(', ')}`,
        },
      ]);
    }
    // rate = to / from, kept at 12 decimal places
    const rate = (toUnits(to) * 10n ** SCALE) / toUnits(from);
    const target12 = (toUnits(amount) * rate) / 10n ** SCALE;
    return {
      sourceCurrency: source,
      targetCurrency: target,
      sourceAmount: amount,
      rate: fromUnits(rate, 6),
      targetAmount: fromUnits(target12, ZERO_DECIMAL.has(target) ? 0 : 2),
      asOf: table.asOf,
    };
  }
  return { currencies, quote };
}
export type Exchange = ReturnType<typeof createExchange>;
