// Renders a FieldError in a language: the message key from the `validation` namespace, with
// {{field}} and {{other}} replaced by the fields' translated labels. The portal does the same
// through i18next; this copy serves the server and the CLIs without i18next.
import { ruleMessageText, schemaAt, type FieldError } from '../validation/errors';
import type { JsonSchema } from '../schemas/json-schema';

import type { Locale } from './locales';

export { isLocale, LOCALES, type Locale } from './locales';
export const NAMESPACES = ['validation', 'fields'] as const;

export type MessageTree = { [key: string]: string | MessageTree };
export type LocaleBundle = Record<(typeof NAMESPACES)[number], MessageTree>;

export function lookup(tree: MessageTree, key: string): string | undefined {
  let node: string | MessageTree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export const interpolate = (template: string, values: Record<string, unknown>): string =>
  template.replace(/\{\{\s*([\w-]+)\s*\}\}/g, (whole, name: string) =>
    values[name] === undefined ? whole : String(values[name]),
  );

/** The translation key of a field's label: its x-label, else its property name. */
export function labelKeyAt(schema: JsonSchema, path: string): string {
  const label = schemaAt(schema, path)?.['x-label'];
  if (label) return label;
  const last = path
    .split('/')
    .filter((t) => t && !/^\d+$/.test(t))
    .pop();
  return last ?? 'record';
}

export function describeError(
  error: FieldError,
  schema: JsonSchema,
  bundle: LocaleBundle,
  language: Locale = 'en',
): string {
  const label = (key: string): string => lookup(bundle.fields, key) ?? key;
  const field = label(labelKeyAt(schema, error.path));
  const otherField = error.params.otherField;
  const other =
    typeof otherField === 'string' ? label(labelKeyAt(schema, `/${otherField}`)) : undefined;
  const template =
    ruleMessageText(schema, error, language) ??
    lookup(bundle.validation, error.messageKey) ??
    lookup(bundle.validation, error.keyword) ??
    `${field}: ${error.keyword}`;
  return interpolate(template, { ...error.params, field, other });
}
