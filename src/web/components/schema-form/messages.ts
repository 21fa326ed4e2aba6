// Our error keys in the browser: every ajv error goes through the same toFieldErrors as the server
// (path, keyword, message key with x-messages overrides) and is rendered like describeError, but
// with i18next in the current language (namespaces `validation` and `fields`).
import type { ErrorObject } from 'ajv';
import type { ErrorSchema, RJSFValidationError } from '@rjsf/utils';
import { toPath } from '@rjsf/utils';
import type { i18n as I18n, TFunction } from 'i18next';
import { interpolate, labelKeyAt } from '../../../core/i18n/messages';
import type { JsonSchema } from '../../../core/schemas/json-schema';
import {
  ruleMessageText,
  schemaAt,
  toFieldErrors,
  type FieldError,
} from '../../../core/validation/errors';

/** An error the API returned for a field, as the portal's API sends it. */
export interface ServerFieldError {
  path: string;
  keyword: string;
  messageKey: string;
  message: string;
  params?: Record<string, unknown>;
}

/** A field's label: the translation of its x-label, else of its property name. */
export function fieldLabel(schema: JsonSchema, path: string, t: TFunction): string {
  const key = labelKeyAt(schema, path);
  return t(key, { ns: 'fields', defaultValue: key });
}

/** The message of a FieldError in the current language, as describeError renders it. */
export function describeFieldError(
  error: Pick<FieldError, 'path' | 'keyword' | 'messageKey' | 'params'>,
  schema: JsonSchema,
  t: TFunction,
  i18n: I18n,
  fallback?: string,
): string {
  const field = fieldLabel(schema, error.path, t);
  const otherField = error.params.otherField;
  const other =
    typeof otherField === 'string' ? fieldLabel(schema, `/${otherField}`, t) : undefined;
  const values = { ...error.params, field, other };
  // A message the country rules wrote themselves (published in the rules console).
  const written = ruleMessageText(schema, error, i18n.resolvedLanguage ?? i18n.language);
  if (written) return interpolate(written, values);
  // A server error whose key this tab does not know (rules published after its validators
  // loaded) keeps the server's text, not the keyword's older generic message.
  for (const key of fallback && error.messageKey
    ? [error.messageKey]
    : [error.messageKey, error.keyword]) {
    if (key && i18n.exists(key, { ns: 'validation' }))
      return t(key, { ns: 'validation', ...values });
  }
  return fallback ?? `${field}: ${error.keyword}`;
}

/** A JSON pointer ("/a/b") as RJSF's property path (".a.b"); "" for the record. */
export const pointerToProperty = (pointer: string): string =>
  pointer
    .split('/')
    .filter(Boolean)
    .map((t) => `.${t.replace(/~1/g, '/').replace(/~0/g, '~')}`)
    .join('');

/** RJSF's property path (".a.b", "a", "['a']") as a JSON pointer. */
export const propertyToPointer = (property: string | undefined): string => {
  const segments = property ? toPath(property).filter((s) => s !== '') : [];
  return segments.length
    ? '/' + segments.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')
    : '';
};

/**
 * RJSF's transformErrors: each RJSF error (an ajv error RJSF reshaped) becomes a FieldError again,
 * then a translated message on the field toFieldErrors names.
 */
export function translateErrors(
  errors: RJSFValidationError[],
  schema: JsonSchema,
  t: TFunction,
  i18n: I18n,
): RJSFValidationError[] {
  const cache = translatedFor(t, schema);
  return errors.flatMap((error) => {
    const keyword = error.name ?? '';
    const params = (error.params ?? {}) as Record<string, unknown>;
    const cacheKey = JSON.stringify([keyword, error.property, error.schemaPath, params]);
    let translated = cache.get(cacheKey);
    if (translated === undefined) {
      translated = translateError(error, keyword, params, schema, t, i18n);
      cache.set(cacheKey, translated);
    }
    return translated ? [{ ...error, ...translated, stack: translated.message }] : [];
  });
}

type TranslatedErrors = Map<string, { property: string; message: string } | null>;
/**
 * Messages already translated, by t (a new one comes with a new language or newly loaded texts)
 * and schema, then by error: live validation meets the same errors on every key (translating them
 * was a third of a key's work).
 */
const translatedErrors = new WeakMap<TFunction, WeakMap<JsonSchema, TranslatedErrors>>();
function translatedFor(t: TFunction, schema: JsonSchema): TranslatedErrors {
  let bySchema = translatedErrors.get(t);
  if (!bySchema) translatedErrors.set(t, (bySchema = new WeakMap()));
  let cache = bySchema.get(schema);
  if (!cache) bySchema.set(schema, (cache = new Map()));
  return cache;
}

function translateError(
  error: RJSFValidationError,
  keyword: string,
  params: Record<string, unknown>,
  schema: JsonSchema,
  t: TFunction,
  i18n: I18n,
): { property: string; message: string } | null {
  // RJSF appends the missing property to a `required` error's path; ajv (and toFieldErrors) do not.
  let pointer = propertyToPointer(error.property);
  if (keyword === 'required' && typeof params.missingProperty === 'string') {
    pointer = pointer.slice(0, pointer.lastIndexOf('/'));
  }
  const ajvError = {
    keyword,
    instancePath: pointer,
    schemaPath: error.schemaPath ?? '',
    params,
  } as ErrorObject;
  const [fieldError] = toFieldErrors([ajvError], schema);
  if (!fieldError) return null;
  const message = describeFieldError(fieldError, schema, t, i18n);
  return { property: pointerToProperty(fieldError.path), message };
}

/** The API's field errors as RJSF extraErrors, each message translated from its key. */
export function serverErrorSchema(
  serverErrors: readonly ServerFieldError[],
  schema: JsonSchema,
  t: TFunction,
  i18n: I18n,
): ErrorSchema {
  const root: ErrorSchema & Record<string, unknown> = {};
  for (const error of serverErrors) {
    // A path the form does not show lands on the record (the summary still lists it).
    const path =
      error.path && error.path !== '/' && schemaAt(schema, error.path) ? error.path : '/';
    const message = describeFieldError(
      { ...error, path, params: error.params ?? {} },
      schema,
      t,
      i18n,
      error.message,
    );
    let node = root as Record<string, unknown>;
    for (const token of path.split('/').filter(Boolean)) {
      node[token] ??= {};
      node = node[token] as Record<string, unknown>;
    }
    node.__errors = [...((node.__errors as string[] | undefined) ?? []), message];
  }
  return root;
}
