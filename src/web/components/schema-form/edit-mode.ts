// Edit mode of a generated form: some fields may stay empty because the server keeps what it has
// stored (a bank account's numbers, shown only masked, are not typed again). The precompiled
// validator still requires them, so their `required` errors are dropped after validation, and so
// is that of a field confirming one of them (ui:options.confirms) while the confirmed field is
// empty too: a new number still has to be confirmed.
import type { RJSFValidationError, UiSchema } from '@rjsf/utils';
import type { FormData } from './validator';

export interface EditMode {
  /** Fields that may stay empty: the server keeps their stored value. */
  optionalFields: readonly string[];
  /** Text (already translated) shown under a field, e.g. "Leave empty to keep •••• 6789". */
  notes?: Readonly<Record<string, string>>;
}

/** The property a top-level field confirms (ui:options.confirms), if any. */
function confirmedBy(uiSchema: UiSchema, field: string): string | undefined {
  const options = (uiSchema[field] as UiSchema | undefined)?.['ui:options'] as
    Record<string, unknown> | undefined;
  return typeof options?.confirms === 'string' ? options.confirms : undefined;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** The fields that may be left empty with the data as it is (for the required markers). */
export function relaxedFields(
  mode: EditMode | undefined,
  uiSchema: UiSchema,
  data: FormData,
): string[] {
  if (!mode?.optionalFields.length) return [];
  const optional = new Set(mode.optionalFields);
  const confirming = Object.keys(uiSchema).filter((field) => {
    const confirmed = confirmedBy(uiSchema, field);
    return confirmed !== undefined && optional.has(confirmed) && isEmpty(data[confirmed]);
  });
  return [...optional, ...confirming];
}

/**
 * RJSF's validation errors without the `required` errors edit mode relaxes. Whether the confirmed
 * field is empty is read from the same errors (its own `required` error), so the answer always
 * belongs to the data that was validated.
 */
export function dropRelaxedRequired(
  errors: RJSFValidationError[],
  mode: EditMode | undefined,
  uiSchema: UiSchema,
): RJSFValidationError[] {
  if (!mode?.optionalFields.length) return errors;
  const optional = new Set(mode.optionalFields);
  const missingAtRoot = (error: RJSFValidationError): string | undefined => {
    const missing = (error.params as { missingProperty?: unknown } | undefined)?.missingProperty;
    if (error.name !== 'required' || typeof missing !== 'string') return undefined;
    // Only the record's own fields: RJSF names a missing root field ".name" (or "name").
    const property = (error.property ?? '').replace(/^\./, '');
    return property === missing ? missing : undefined;
  };
  const missing = new Set(errors.map(missingAtRoot).filter((m): m is string => !!m));
  return errors.filter((error) => {
    const field = missingAtRoot(error);
    if (!field) return true;
    if (optional.has(field)) return false;
    const confirmed = confirmedBy(uiSchema, field);
    return !(confirmed && optional.has(confirmed) && missing.has(confirmed));
  });
}

/**
 * The uiSchema with edit mode's additions: relaxed fields lose their required marker
 * (ui:options.optional) and noted fields show their note (ui:options.note).
 */
export function editUiSchema(
  uiSchema: UiSchema,
  mode: EditMode | undefined,
  relaxed: readonly string[],
): UiSchema {
  const additions: Record<string, Record<string, unknown>> = {};
  for (const field of relaxed) additions[field] = { optional: true };
  for (const [field, note] of Object.entries(mode?.notes ?? {})) {
    if (note) additions[field] = { ...additions[field], note };
  }
  if (!Object.keys(additions).length) return uiSchema;
  const merged: UiSchema = { ...uiSchema };
  for (const [field, options] of Object.entries(additions)) {
    const current = (merged[field] as UiSchema | undefined) ?? {};
    merged[field] = {
      ...current,
      'ui:options': { ...(current['ui:options'] as object | undefined), ...options },
    };
  }
  return merged;
}
