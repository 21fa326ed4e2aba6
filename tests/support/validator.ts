// One shared run-time validator over the repository's schemas and rules for all unit tests.
import { loadCatalog } from '../../src/core/schemas/catalog';
import { createFormValidator } from '../../src/core/validation/form-validator';

export const catalog = loadCatalog();
export const formValidator = createFormValidator(catalog);

/** "path keyword" pairs of a validation, for compact assertions. */
export function failures(formId: string, data: unknown, opts = {}): string[] {
  return formValidator.validate(formId, data, opts).errors.map((e) => `${e.path} ${e.keyword}`);
}
