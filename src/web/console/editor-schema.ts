// The rule editor's form: country-rules/country-rules.schema.json made fit for our SchemaForm
// (RJSF over precompiled validators, without $ref resolution or oneOf matching). The examples are
// edited as a table beside the form, not in it, and a field rule `false` (a field removed) is
// kept aside, so the form holds plain objects only. The schema is data, never compiled here: the
// API checks a draft when it is previewed and saved (issue 16), and the precompiled editor
// validator, when the server offers one, checks the whole file as it is typed.
import metaSchema from '../../../country-rules/country-rules.schema.json';
import { inlineRuleSchema } from '../../core/rules/editor-schema';
import type { JsonSchema } from '../../core/schemas/json-schema';
import type { PrecompiledModule, PrecompiledValidate } from '../../core/validation/precompiled';
import type { RuleFile } from './api';
import { texts } from './texts';

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const EDITOR_KEY = 'urn:payee-portal:console:country-rules-editor';
/** Top-level parts of a rule file the form does not show. */
// The messages the file writes are edited in a panel of their own (messages-panel.tsx).
const OUTSIDE_FORM = ['$schema', 'examples', 'translations'] as const;

/** The schema with its $refs inlined and what our RJSF build cannot render taken out. */
export function editorSchema(file: Node = metaSchema as Node): JsonSchema {
  // The definitions inlined as the server's editor validator has them (src/core/rules).
  const source = inlineRuleSchema(file);
  const simplify = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(simplify);
    if (!isNode(node)) return node;
    const choices = (node.oneOf ?? node.anyOf) as unknown[] | undefined;
    if (choices) {
      // `false | rule` edits as the rule (a removed field is kept aside, turned off and on in the
      // field rules panel); other choices (iban: true or a list of countries) are set by the
      // format builder's checks (format-checks.ts), beside the form.
      const kept = choices.filter((c) => !(isNode(c) && c.const === false));
      if (kept.length !== 1 || node.type) return undefined;
      return simplify(kept[0]);
    }
    const out: Node = {};
    for (const [key, value] of Object.entries(node)) {
      if (['$schema', 'propertyNames', 'format', 'description'].includes(key)) continue;
      if (key === 'properties' && isNode(value)) {
        const properties: Node = {};
        for (const [name, child] of Object.entries(value)) {
          if ((OUTSIDE_FORM as readonly string[]).includes(name) && node === source) continue;
          const simple = simplify(child);
          if (simple !== undefined) properties[name] = simple;
        }
        out.properties = properties;
      } else if (key === 'required' && node === source) {
        out.required = (value as string[]).filter(
          (name) => !(OUTSIDE_FORM as readonly string[]).includes(name),
        );
      } else {
        out[key] = simplify(value);
      }
    }
    return out;
  };
  const schema = simplify(source) as Node;
  // The precompiled validator is looked up by the schema's $id.
  return { ...schema, $id: EDITOR_KEY } as JsonSchema;
}

// A field rule shows these checks even when the file does not set them yet; every other
// property of the meta-schema shows only where the file uses it, so a country's page is its
// rules, not every check the meta-schema allows (several dozen per field).
const ALWAYS_SHOWN = ['required', 'pattern', 'minLength', 'maxLength'];
const LONG_TEXTS = ['source', 'notes', 'description'];
// What staff read beside the meta-schema's own names (x-label; the field names inside `fields`
// keep the portal's labels, e.g. sortCode → "Sort code"): texts.editorLabels, in the staff
// member's language.

/**
 * The editor's schema and uiSchema for one rule file: maps (field name → rule, message keys) become
 * the properties the file has, and objects keep the properties the file sets.
 */
export function shapeFor(
  schema: JsonSchema,
  data: unknown,
): { schema: JsonSchema; uiSchema: Record<string, unknown> } {
  const node = schema as Node;
  if (node.type !== 'object' || !isNode(data)) return { schema, uiSchema: {} };
  const declared = (node.properties ?? {}) as Record<string, JsonSchema>;
  const map = isNode(node.additionalProperties)
    ? (node.additionalProperties as JsonSchema)
    : undefined;
  const fieldRule = 'pattern' in declared && 'ukModulus' in declared;
  // A rule just added (empty) also offers its format's message key, so that a new rule can name
  // a message of its own (written in the messages panel).
  const added = fieldRule && Object.keys(data).length === 0;
  const names = map
    ? Object.keys(data)
    : Object.keys(declared).filter(
        (name) =>
          name in data ||
          (fieldRule && ALWAYS_SHOWN.includes(name)) ||
          (added && name === 'messages'),
      );
  const properties: Record<string, JsonSchema> = {};
  const uiSchema: Record<string, unknown> = {};
  for (const name of names) {
    const child = map ?? declared[name];
    if (!child) continue;
    const shaped = shapeFor(child, added && name === 'messages' ? { pattern: '' } : data[name]);
    const label = map ? undefined : texts.editorLabels[name];
    properties[name] = label ? { ...shaped.schema, 'x-label': label } : shaped.schema;
    const ui = { ...shaped.uiSchema };
    if (LONG_TEXTS.includes(name) && (child as Node).type === 'string')
      ui['ui:widget'] = 'textarea';
    // A flag is one labelled box, not a group of one.
    if ((child as Node).type === 'boolean') ui['ui:widget'] = 'checkbox';
    if (Object.keys(ui).length) uiSchema[name] = ui;
  }
  const { additionalProperties: _map, properties: _all, required, ...rest } = node;
  const kept = Array.isArray(required)
    ? (required as string[]).filter((name) => name in properties)
    : [];
  return {
    schema: {
      ...rest,
      properties,
      ...(kept.length ? { required: kept } : {}),
      ...(map ? { additionalProperties: false } : {}),
    } as JsonSchema,
    uiSchema,
  };
}

/** Where a rule file keeps `fields` maps: a field rule `false` there is set aside from the form. */
const FIELD_MAPS = [
  ['address', 'fields'],
  ['identity', 'fields'],
  ['bankAccount', 'fields'],
  ['bankAccount', 'methods', 'ACH', 'fields'],
  ['bankAccount', 'methods', 'WIRE', 'fields'],
  ['bankAccount', 'methods', 'RTP', 'fields'],
] as const;

const at = (root: Node, path: readonly string[]): Node | undefined =>
  path.reduce<unknown>((node, key) => (isNode(node) ? node[key] : undefined), root) as
    Node | undefined;

/** Messages a rule file writes itself: message key → language → text. */
export type MessageTexts = Record<string, Record<string, string>>;

/** What the form edits, and what it leaves as it is (merged back by `toRuleFile`). */
export interface EditorSplit {
  form: Node;
  aside: { top: Node; removed: { path: readonly string[]; name: string }[] };
}

export function splitRuleFile(rules: RuleFile): EditorSplit {
  const copy = structuredClone(rules) as Node;
  const top: Node = {};
  for (const key of OUTSIDE_FORM) if (key in copy) top[key] = copy[key];
  const form = Object.fromEntries(
    Object.entries(copy).filter(([key]) => !(OUTSIDE_FORM as readonly string[]).includes(key)),
  );
  const removed: EditorSplit['aside']['removed'] = [];
  for (const path of FIELD_MAPS) {
    const map = at(form, path);
    if (!map) continue;
    for (const [name, rule] of Object.entries(map))
      if (rule === false) removed.push({ path, name });
    const parent = at(form, path.slice(0, -1));
    if (parent)
      parent[path[path.length - 1] as string] = Object.fromEntries(
        Object.entries(map).filter(([, rule]) => rule !== false),
      );
  }
  return { form, aside: { top, removed } };
}

/** The whole rule file again: the form's data, the parts set aside, and the examples. */
export function toRuleFile(
  form: Node,
  aside: EditorSplit['aside'],
  examples: unknown[],
  translations: MessageTexts = {},
): RuleFile {
  const rules = structuredClone(form);
  for (const { path, name } of aside.removed) {
    let node = rules;
    for (const key of path) {
      if (!isNode(node[key])) node[key] = {};
      node = node[key] as Node;
    }
    node[name] = false;
  }
  const { $schema } = aside.top;
  return {
    ...(typeof $schema === 'string' ? { $schema } : {}),
    ...rules,
    ...(Object.keys(translations).length ? { translations } : {}),
    examples,
  };
}

/** Accepts everything: the server checks every draft (the editor module checks as one types). */
const acceptAll: PrecompiledValidate = Object.assign(() => true, { errors: null });

/**
 * The editor's variant: the simplified schema over a validator of the whole file. With the
 * server's precompiled editor validator (GET /editor-schema) the form shows the meta-schema's
 * errors as one types; without it, it accepts and the server's refusal shows on saving.
 */
export function editorVariant(
  form: Node,
  wholeFile?: PrecompiledValidate,
  complete?: (form: Node) => RuleFile,
): PrecompiledModule & { uiSchema: Record<string, unknown> } {
  const shaped = shapeFor(editorSchema(), form);
  const schema = { ...shaped.schema, $id: EDITOR_KEY } as JsonSchema;
  const { uiSchema } = shaped;
  if (!wholeFile || !complete) return { key: EDITOR_KEY, schema, validate: acceptAll, uiSchema };
  const validate: PrecompiledValidate = Object.assign(
    (data: unknown) => {
      const ok = wholeFile(complete(isNode(data) ? data : {}));
      // Errors about the examples are the table's business, not the form's.
      // `false | rule` reports the `false` it is not beside the rule's own error: only that shows.
      validate.errors = (wholeFile.errors ?? []).filter(
        (e) =>
          !e.instancePath.startsWith('/examples') &&
          e.keyword !== 'oneOf' &&
          !(e.keyword === 'const' && e.params.allowedValue === false),
      );
      return ok || validate.errors.length === 0;
    },
    { errors: null },
  );
  return { key: EDITOR_KEY, schema, validate, uiSchema };
}
