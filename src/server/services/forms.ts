// Validates request bodies with the same composed form schemas and keywords as the portal, and
// turns failures into a 400 whose errors name each field (path, keyword, translation key, text).
import type { FieldError } from '../../core/validation/errors';
import { createFormValidator, type FormValidator } from '../../core/validation/form-validator';
import { describeError } from '../../core/i18n/messages';
import { loadLocale } from '../../core/i18n/load-locales';
import { loadCatalog } from '../../core/schemas/catalog';
import { UnknownVariantError, type VariantOptions } from '../../core/schemas/compose';
import type { JsonSchema } from '../../core/schemas/json-schema';
import { badRequest, type ApiFieldError } from '../errors';

export function renderErrors(
  errors: FieldError[],
  schema: JsonSchema,
  prefix = '',
): ApiFieldError[] {
  const english = loadLocale('en');
  return errors.map((e) => ({
    ...e,
    path: prefix + (e.path === '/' && prefix ? '' : e.path),
    message: describeError(e, schema, english),
  }));
}

/**
 * `source` is the validator, or a function answering the current one: the rules console swaps
 * the rules without a restart (services/rules-source.ts), so every call asks for the current.
 */
export function createFormService(
  source: FormValidator | (() => FormValidator) = createFormValidator(loadCatalog()),
) {
  const current = typeof source === 'function' ? source : () => source;
  /**
   * Validates; returns the field errors (paths under `prefix`) without throwing. `validator`
   * overrides the current rules (a submission made under a previous rules version).
   */
  function check(
    formId: string,
    data: unknown,
    opts: VariantOptions = {},
    prefix = '',
    validator: FormValidator = current(),
  ): ApiFieldError[] {
    try {
      const result = validator.validate(formId, data, opts);
      return renderErrors(result.errors, result.variant.schema, prefix);
    } catch (error) {
      if (error instanceof UnknownVariantError) {
        const path = `${prefix}/${error.field}`;
        return [{ path, keyword: 'enum', messageKey: 'enum', params: {}, message: error.message }];
      }
      throw error;
    }
  }

  /** Validates and throws a 400 naming every failing field. */
  function assertValid(
    formId: string,
    data: unknown,
    opts: VariantOptions = {},
    validator?: FormValidator,
  ): void {
    const errors = check(formId, data, opts, '', validator);
    if (errors.length)
      throw badRequest(`ValidationError: ${errors[0]?.message ?? 'invalid input'}`, errors);
  }

  return {
    /** The current rules' validator (read at each use: it changes when rules are published). */
    get validator(): FormValidator {
      return current();
    },
    check,
    assertValid,
  };
}
export type FormService = ReturnType<typeof createFormService>;
