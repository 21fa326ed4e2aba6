// Run-time validation of a record against a composed form variant (server, CLIs, tests).
// The browser uses the precompiled modules the validator build writes from the same variants.
import type { ValidateFunction } from 'ajv';
import { createAjv } from './ajv';
import { toFieldErrors, type FieldError } from './errors';
import {
  COUNTRY_FIELD,
  createComposer,
  isCountryForm,
  type ComposedVariant,
  type VariantOptions,
} from '../schemas/compose';
import { TRANSFER_METHODS, type TransferMethod } from '../schemas/country-rules';
import type { RuleCatalog } from '../schemas/catalog';

const asCountry = (value: unknown): string | undefined =>
  typeof value === 'string' && /^[A-Z]{2}$/.test(value) ? value : undefined;
const asMethod = (value: unknown): TransferMethod | undefined =>
  (TRANSFER_METHODS as readonly unknown[]).includes(value) ? (value as TransferMethod) : undefined;

export interface ValidationResult {
  valid: boolean;
  errors: FieldError[];
  variant: ComposedVariant;
}

export function createFormValidator(catalog: RuleCatalog) {
  const ajv = createAjv();
  const composer = createComposer(catalog);
  const compiled = new Map<string, ValidateFunction>();

  function compile(variant: ComposedVariant): ValidateFunction {
    let fn = compiled.get(variant.key);
    if (!fn) {
      fn = ajv.compile(variant.schema);
      compiled.set(variant.key, fn);
    }
    return fn;
  }

  /**
   * Validates a record. Country and transfer method default to the record's own countryCode and
   * transferMethod; a method the country does not offer fails on /transferMethod (enum).
   * An explicitly requested variant that does not exist throws UnknownVariantError.
   */
  function validate(formId: string, data: unknown, opts: VariantOptions = {}): ValidationResult {
    const record = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
    const country =
      opts.country ??
      (isCountryForm(formId) ? asCountry(record[COUNTRY_FIELD[formId]]) : undefined);
    let method = opts.method ?? asMethod(record.transferMethod);
    if (!opts.method && method && country && isCountryForm(formId)) {
      if (!composer.transferMethods(country).includes(method)) method = undefined;
    }
    const variant = composer.compose(formId, { ...opts, country, method });
    const fn = compile(variant);
    const valid = fn(data);
    return { valid, errors: valid ? [] : toFieldErrors(fn.errors, variant.schema), variant };
  }

  return { ...composer, compile, validate };
}
export type FormValidator = ReturnType<typeof createFormValidator>;
