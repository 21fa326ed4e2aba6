// Ids and descriptions shared by the field template and the widgets, so that every input is
// described by the help, hint and errors its field template renders.
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { errorId, getUiOptions, helpId } from '@rjsf/utils';
import type { JsonSchema } from '../../../core/schemas/json-schema';

export { errorId, helpId };
export const hintId = (id: string): string => `${id}__hint`;
export const noteId = (id: string): string => `${id}__note`;

/** The translated note of a field (ui:options.note), e.g. what an empty field keeps in edit mode. */
export function noteOf(uiSchema?: UiSchema): string | undefined {
  const note = getUiOptions(uiSchema).note;
  return typeof note === 'string' && note ? note : undefined;
}

/** Whether edit mode lets a required field stay empty (ui:options.optional). */
export const isRelaxed = (uiSchema?: UiSchema): boolean => getUiOptions(uiSchema).optional === true;

/** The translation key (namespace fields) of a field's help: ui:help, else the schema's x-help. */
export function helpKeyOf(schema: RJSFSchema, uiSchema?: UiSchema): string | undefined {
  const fromUi = uiSchema?.['ui:help'];
  if (typeof fromUi === 'string' && fromUi) return fromUi;
  return (schema as JsonSchema)['x-help'];
}

/** Whether the field blocks the clipboard (and shows a hint saying so). */
export function blocksClipboard(uiSchema?: UiSchema): boolean {
  return getUiOptions(uiSchema).blockClipboard === true;
}

/** The aria-describedby of a field's input: its help, note, clipboard hint and errors when present. */
export function describedBy(
  id: string,
  schema: RJSFSchema,
  uiSchema: UiSchema | undefined,
  rawErrors: readonly string[] | undefined,
): string | undefined {
  const ids = [
    helpKeyOf(schema, uiSchema) ? helpId(id) : null,
    noteOf(uiSchema) ? noteId(id) : null,
    blocksClipboard(uiSchema) ? hintId(id) : null,
    rawErrors?.length ? errorId(id) : null,
  ].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** The property a field edits, from its id path (the last name in it). */
export function propertyOf(path: readonly (string | number)[]): string | undefined {
  return [...path].reverse().find((p): p is string => typeof p === 'string');
}
