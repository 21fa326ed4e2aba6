// The RJSF validator of a form variant, over the validate function ajv generated at build time.
// Only createPrecompiledValidator is imported: it runs the standalone code and never compiles a
// schema, so the ajv compiler stays out of the bundle (the CSP forbids eval).
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import type { PrecompiledModule } from '../../../core/validation/precompiled';

export type FormData = Record<string, unknown>;

type ValidatorFunctions = Parameters<typeof createPrecompiledValidator>[0];

const cache = new WeakMap<PrecompiledModule, ValidatorType<FormData>>();

export function validatorFor(variant: PrecompiledModule): ValidatorType<FormData> {
  let validator = cache.get(variant);
  if (!validator) {
    const schema = variant.schema as RJSFSchema;
    const fns = { [variant.key]: variant.validate } as unknown as ValidatorFunctions;
    validator = createPrecompiledValidator<FormData>(fns, schema);
    cache.set(variant, validator);
  }
  return validator;
}
