// Run-time validation of a record against a composed form variant (server, CLIs, tests).
// The browser uses the precompiled modules the validator build writes from the same variants.
import type { ValidateFunction } from 'ajv';
import { createAjv } from './ajv';
import { toFieldErrors, type FieldError } from './errors';
import { createComposer, type ComposedVariant, type VariantOptions } from '../schemas/compose';
import type { RuleCatalog } from '../schemas/catalog';

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

  function validate(formId: string, data: unknown, opts: VariantOptions = {}): ValidationResult {
    const variant = composer.compose(formId, opts);
    const fn = compile(variant);
    const valid = fn(data);
    return { valid, errors: valid ? [] : toFieldErrors(fn.errors, variant.schema), variant };
  }

  return { ...composer, compile, validate };
}
export type FormValidator = ReturnType<typeof createFormValidator>;
