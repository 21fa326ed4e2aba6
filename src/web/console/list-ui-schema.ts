// The rule editor's uiSchema for its lists: the console's list templates (list-templates.tsx) on
// every list of free values, with what one of its items is called, and the format builder on
// every field rule's pattern (and its check).
import type { UiSchema } from '@rjsf/utils';
import type { JsonSchema } from '../../core/schemas/json-schema';
import { CHECK_KEYWORDS } from './format-checks';
import { FormatWidget } from './format-widget';
import { ItemFieldTemplate, ListItemTemplate, ListTemplate } from './list-templates';
import { texts } from './texts';

const T = texts.list;

/** What one item of a list is called, by the list's name (and its parent's, for currencies). */
export function itemNounOf(path: readonly string[]): string {
  const name = path[path.length - 1];
  if (path[path.length - 2] === 'currencies') return T.nouns.currency;
  if (name === 'countries') return T.nouns.country;
  if (name === 'enum') return T.nouns.value;
  return T.nouns.item;
}

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The uiSchema with the console's list templates on every list of free values in the schema
 * (lists of fixed choices are ticked boxes and keep their widget).
 */
export function withListTemplates(
  schema: JsonSchema,
  uiSchema: UiSchema,
  path: readonly string[] = [],
): UiSchema {
  const node = schema as Node;
  const ui: UiSchema = { ...uiSchema };
  if (node.type === 'array') {
    const items = isNode(node.items) ? node.items : {};
    if ('enum' in items || ui['ui:widget'] === 'checkboxes') return ui;
    return {
      ...ui,
      'ui:ArrayFieldTemplate': ListTemplate,
      'ui:ArrayFieldItemTemplate': ListItemTemplate,
      'ui:options': {
        ...(isNode(ui['ui:options']) ? ui['ui:options'] : {}),
        itemNoun: itemNounOf(path),
      },
      items: { ...(isNode(ui.items) ? ui.items : {}), 'ui:FieldTemplate': ItemFieldTemplate },
    };
  }
  if (isNode(node.properties))
    for (const [name, child] of Object.entries(node.properties)) {
      const shaped = withListTemplates(
        child as JsonSchema,
        isNode(ui[name]) ? (ui[name] as UiSchema) : {},
        [...path, name],
      );
      // A field rule's pattern is written by the format builder (format-widget.tsx), which also
      // chooses its check: the check keywords the file sets are not shown a second time.
      // (Only a field rule's: a message key named after the pattern check is a plain text.)
      const fieldRule = path[path.length - 2] === 'fields';
      if (fieldRule && name === 'pattern' && (child as Node).type === 'string')
        shaped['ui:widget'] = FormatWidget;
      if (fieldRule && (CHECK_KEYWORDS as readonly string[]).includes(name))
        shaped['ui:widget'] = 'hidden';
      if (Object.keys(shaped).length) ui[name] = shaped;
    }
  return ui;
}
