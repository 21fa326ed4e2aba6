// Exact decimal amounts for payment files: amounts travel as decimal strings and are added as whole
// numbers of a fixed scale, never as floating point.

/** Digits after the decimal point in `currency`'s minor unit (ISO 4217: JPY 0, EUR 2, BHD 3). */
export function minorUnitsOf(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits as number;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * "115.5900" in EUR → "115.59": the amount written with exactly the currency's minor units. Throws
 * when the amount is not positive or has more precision than the currency can carry.
 */
export function inMinorUnits(amount: string, currency: string): string {
  const digits = minorUnitsOf(currency);
  const match = DECIMAL.exec(amount);
  if (!match) throw new Error(`not a decimal amount: ${amount}`);
  const [, whole = '0', fraction = ''] = match;
  if (/[1-9]/.test(fraction.slice(digits)))
    throw new Error(`${amount} ${currency} has more than ${digits} decimals`);
  const kept = fraction.slice(0, digits).padEnd(digits, '0');
  const text = `${BigInt(whole)}${digits ? `.${kept}` : ''}`;
  if (!/[1-9]/.test(text)) throw new Error(`${amount} ${currency} is not a positive amount`);
  return text;
}

/** The amount as a whole number of 10^-scale units ("115.59", 2 → 11559n). */
export function toUnits(amount: string, scale: number): bigint {
  const match = DECIMAL.exec(amount);
  if (!match) throw new Error(`not a decimal amount: ${amount}`);
  const [, whole = '0', fraction = ''] = match;
  if (/[1-9]/.test(fraction.slice(scale)))
    throw new Error(`${amount} has more than ${scale} decimals`);
  return BigInt(whole + fraction.slice(0, scale).padEnd(scale, '0'));
}

/** The exact sum of decimal amounts, without trailing zeros beyond the largest precision given. */
export function sumOf(amounts: readonly string[]): string {
  const scale = Math.max(0, ...amounts.map((a) => (a.split('.')[1] ?? '').length));
  const total = amounts.reduce((sum, a) => sum + toUnits(a, scale), 0n);
  const text = total.toString().padStart(scale + 1, '0');
  return scale ? `${text.slice(0, -scale)}.${text.slice(-scale)}` : text;
}
