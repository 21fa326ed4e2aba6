// Card number checks, apart from ./runtime: card-validator and its card-type table (~5 KB
// gzipped) are loaded only by the validators that use them (the debit-card form).
// Precompiled validators import this module as `cardRuntime` when their code calls it.
import cardValidator from 'card-validator';
import luhn10 from 'card-validator/dist/luhn-10';

export const luhn = (value: string): boolean => luhn10(value);

/** Card network as card-validator names it ('visa', 'mastercard', 'discover', ...), or null. */
export const cardBrandOf = (value: string): string | null =>
  cardValidator.number(value).card?.type ?? null;
export const cardBrand = (value: string, allowed: readonly string[]): boolean =>
  allowed.includes(cardBrandOf(value) ?? '');
