// The links of the error summary (ErrorListTemplate): the input an RJSF error names, and the
// element that takes the focus for it.
import { toPath } from '@rjsf/utils';

/** The id of the input of an RJSF error's property (".a.b" → "root_a_b"). */
export const inputIdFor = (property: string | undefined, idPrefix = 'root'): string =>
  [idPrefix, ...toPath(property ?? '').filter(Boolean)].join('_');

/** The element to focus for a field: its input, else the first of its options. */
export function fieldElement(scope: ParentNode, inputId: string): HTMLElement | null {
  const quoted = inputId.replace(/["\\]/g, '\\$&');
  return (
    scope.querySelector<HTMLElement>(`[id="${quoted}"]:not([type="hidden"])`) ??
    scope.querySelector<HTMLElement>(`[id^="${quoted}-"]`)
  );
}
