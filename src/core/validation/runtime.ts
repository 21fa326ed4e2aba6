// Functions the validators call at run time. The precompiled (standalone) validators import this
// module as `runtime` and reference its exports by name. Checks that need a library of their own
// live beside it (runtime-iban, runtime-card, runtime-uk, runtime-tax-id), imported only by the
// validators that call them, so a form loads only the libraries its fields need.
import * as ucs2lengthModule from 'ajv/dist/runtime/ucs2length';
import * as equalModule from 'ajv/dist/runtime/equal';
import { isValidAbaRouting, isValidCbu, isValidClabe } from './checksums';

export { isValidAbaRouting as abaRouting, isValidClabe as clabe, isValidCbu as cbu };
/**
 * The email format checks the length before its pattern, and the pattern is linear: the local part
 * and each domain label are runs of characters the separators (`@`, `.`) are not part of, so no
 * input can make it backtrack (ajv-formats' own pattern nests repetitions).
 */
const EMAIL = /^[^\s@"(),:;<>[\\\]]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+$/i;
export const MAX_EMAIL_LENGTH = 254;
export const isEmail = (value: string): boolean =>
  value.length <= MAX_EMAIL_LENGTH && EMAIL.test(value);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** RFC 3339 full-date, as ajv-formats' `date` checks it (a real day of a real month). */
export function isDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

/**
 * The formats the precompiled form validators call (`runtime.formats.<name>`); the build refuses a
 * form that uses another one. Only these two, not ajv-formats' whole table (~4 KB gzipped on every
 * form screen): the server compiles its other schemas with ajv-formats itself.
 */
// Shaped as ajv compiled them: ajv-formats defines `date` as {validate, compare}, so the
// standalone code calls `formats.date.validate(...)`; `email` is our plain function.
export const formats = { date: { validate: isDate }, email: isEmail };

// ajv's own helpers are CommonJS with `exports.default`; bundlers and Node disagree on how a
// default import of such a module resolves, so unwrap whichever shape arrives.
type Fn<A extends unknown[], R> = (...args: A) => R;
const unwrap = <F>(mod: unknown): F => {
  let value = mod as { default?: unknown };
  while (typeof value !== 'function' && value && 'default' in value) value = value.default as never;
  return value as F;
};
export const ucs2length = unwrap<Fn<[string], number>>(ucs2lengthModule);
export const equal = unwrap<Fn<[unknown, unknown], boolean>>(equalModule);

export const nonBlank = (value: string): boolean => /\S/.test(value);

const expiryParts = (value: string): { month: number; year: number } | null => {
  const match = /^(\d{2})\/(\d{2})$/.exec(value);
  return match ? { month: Number(match[1]), year: 2000 + Number(match[2]) } : null;
};

/** MM/YY with a month from 01 to 12 (other shapes are the pattern's business). */
export function expiryMonth(value: string): boolean {
  const parts = expiryParts(value);
  return parts === null || (parts.month >= 1 && parts.month <= 12);
}

/** A card is valid through the last day of its expiry month. */
export function expiryNotPast(value: string, today: Date = new Date()): boolean {
  const parts = expiryParts(value);
  if (parts === null || parts.month < 1 || parts.month > 12) return true;
  return parts.year * 12 + parts.month >= today.getFullYear() * 12 + today.getMonth() + 1;
}

/** True when someone born on `dob` (YYYY-MM-DD) has had their `years`-th birthday by `today`. */
export function minimumAge(dob: string, years: number, today: Date = new Date()): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dob);
  if (!match) return true; // the date format reports malformed dates
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const reached =
    today.getFullYear() - y > years ||
    (today.getFullYear() - y === years &&
      (today.getMonth() + 1 > m || (today.getMonth() + 1 === m && today.getDate() >= d)));
  return reached;
}

/** For `isSameValue`: true when the two values are the same ignoring case (an error). */
export const sameIgnoringCase = (value: string, other: unknown): boolean =>
  typeof other === 'string' && other.length > 0 && value.toLowerCase() === other.toLowerCase();
