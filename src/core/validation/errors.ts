// Turns ajv errors into the portal's error shape: the field's JSON pointer, the keyword, and the
// translation key its message is rendered from (a field may override the key per keyword).
import type { ErrorObject } from 'ajv';
import type { JsonSchema } from '../schemas/json-schema';

export interface FieldError {
  /** JSON pointer of the field, e.g. "/sortCode"; "/" for the record itself. */
  path: string;
  keyword: string;
  /** i18next key in the `validation` namespace, e.g. "iban.checksum". */
  messageKey: string;
  params: Record<string, unknown>;
}

/** A field error as the API answers it (400 `errors`): the FieldError and its English text. */
export interface ApiFieldError extends FieldError {
  message: string;
}

const pointerTokens = (pointer: string): string[] =>
  pointer === '' || pointer === '/'
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));

/** The subschema at a data pointer, following properties and items. */
export function schemaAt(schema: JsonSchema, pointer: string): JsonSchema | undefined {
  let current: JsonSchema | undefined = schema;
  for (const token of pointerTokens(pointer)) {
    if (!current) return undefined;
    current = /^\d+$/.test(token) && current.items ? current.items : current.properties?.[token];
  }
  return current;
}

function defaultMessageKey(error: ErrorObject): string {
  const { keyword, params } = error;
  if (keyword === 'format') return `format.${String(params.format)}`;
  if (keyword === 'iban') return `iban.${String(params.reason)}`;
  return keyword;
}

export function toFieldErrors(
  errors: readonly ErrorObject[] | null | undefined,
  schema: JsonSchema,
): FieldError[] {
  if (!errors) return [];
  return errors
    .filter((e) => !['if', 'then', 'else', 'anyOf', 'oneOf', 'allOf', 'not'].includes(e.keyword))
    .map((error) => {
      // Errors about a missing or unexpected property are reported on that property.
      const named =
        error.keyword === 'required'
          ? error.params.missingProperty
          : error.keyword === 'additionalProperties'
            ? error.params.additionalProperty
            : undefined;
      const path = (named ? `${error.instancePath}/${String(named)}` : error.instancePath) || '/';
      const overrides = schemaAt(schema, path)?.['x-messages'];
      return {
        path,
        keyword: error.keyword,
        messageKey: overrides?.[error.keyword] ?? defaultMessageKey(error),
        params: { ...error.params },
      };
    });
}

/** The text a country rule wrote itself for an error's message key (`translations`), if any. */
export function ruleMessageText(
  schema: JsonSchema,
  error: Pick<FieldError, 'path' | 'messageKey'>,
  language: string,
): string | undefined {
  return schemaAt(schema, error.path)?.['x-message-texts']?.[error.messageKey]?.[language];
}
