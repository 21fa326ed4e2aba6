// Every locale has every key English has, every placeholder, and a message for every key the
// schemas, rule files and keywords can produce.
import { describe, expect, it } from 'vitest';
import { LOCALES, NAMESPACES, lookup, type MessageTree } from '../../../src/core/i18n/messages';
import { loadLocale } from '../../../src/core/i18n/load-locales';
import { customKeywords } from '../../../src/core/validation/keywords';
import type { JsonSchema } from '../../../src/core/schemas/json-schema';
import { catalog, formValidator } from '../../support/validator';

const leaves = (tree: MessageTree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[prefix + k, v] as [string, string]] : leaves(v, `${prefix}${k}.`),
  );
const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();

/** Message keys and label keys that composed schemas can ask for. */
function keysUsedBySchemas(): { messages: Set<string>; labels: Set<string> } {
  const messages = new Set<string>([
    'required',
    'pattern',
    'minLength',
    'maxLength',
    'enum',
    'const',
    'type',
    'additionalProperties',
    'format.email',
    'format.date',
  ]);
  for (const k of customKeywords) if (k.keyword !== 'iban') messages.add(String(k.keyword));
  for (const reason of ['format', 'checksum', 'national', 'country'])
    messages.add(`iban.${reason}`);
  const labels = new Set<string>();
  const visit = (schema: JsonSchema, withOptions: boolean) => {
    for (const [name, prop] of Object.entries(schema.properties ?? {})) {
      labels.add(prop['x-label'] ?? name);
      if (prop['x-help']) labels.add(prop['x-help']);
      for (const key of Object.values(prop['x-messages'] ?? {})) messages.add(key);
      // Options of the forms' own lists are translated; codes from rule files (states) are not.
      if (withOptions && prop.enum && prop.enum.length > 1) {
        for (const option of prop.enum) labels.add(`options.${name}.${String(option)}`);
      }
    }
  };
  for (const variant of formValidator.allVariants()) visit(variant.schema, false);
  for (const form of Object.values(catalog.forms)) visit(form, true);
  return { messages, labels };
}

describe('locales', () => {
  const english = loadLocale('en');

  it.each(
    LOCALES.filter((l) => l !== 'en').flatMap((l) => NAMESPACES.map((ns) => [l, ns] as const)),
  )('%s/%s has exactly the English keys, each translated with its placeholders', (locale, ns) => {
    const theirs = new Map(leaves(loadLocale(locale)[ns]));
    const ours = leaves(english[ns]);
    expect([...theirs.keys()].sort()).toEqual(ours.map(([k]) => k).sort());
    let identical = 0;
    for (const [key, text] of ours) {
      const translated = theirs.get(key) ?? '';
      expect(placeholders(translated), `${locale}/${ns}:${key}`).toEqual(placeholders(text));
      if (translated === text) identical++;
    }
    // Codes such as IBAN or BIC stay the same; whole files of English copies do not.
    expect(identical / ours.length).toBeLessThan(0.25);
  });

  it('has a message for every key the schemas and keywords produce, and a label for every field', () => {
    const { messages, labels } = keysUsedBySchemas();
    for (const locale of LOCALES) {
      const bundle = loadLocale(locale);
      const missingMessages = [...messages].filter(
        (k) => lookup(bundle.validation, k) === undefined,
      );
      const missingLabels = [...labels].filter((k) => lookup(bundle.fields, k) === undefined);
      expect(missingMessages, `${locale}/validation.json`).toEqual([]);
      expect(missingLabels, `${locale}/fields.json`).toEqual([]);
    }
  });
});
