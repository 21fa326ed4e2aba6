// What a form keeps of its values when the country or transfer method changes (CountryVariantForm).
import type { CountryMethod } from './country-method-picker';
import type { FormData } from './validator';

/** Keeps the fields a schema has, and sets its country and transfer method fields. */
export function carryOver(
  data: FormData,
  properties: Record<string, unknown> | undefined,
  variant: CountryMethod,
): FormData {
  const kept = Object.fromEntries(
    Object.entries(data).filter(([name]) => properties && name in properties),
  );
  if (properties && 'countryCode' in properties) kept.countryCode = variant.country;
  if (properties && 'transferMethod' in properties && variant.method)
    kept.transferMethod = variant.method;
  return kept;
}
