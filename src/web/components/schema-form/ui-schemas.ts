// One RJSF uiSchema per form (ui-schemas/<formId>.json), each its own small chunk: a form screen
// loads its own with its validator (use-form-variant.ts), not the twelve of them.
import type { UiSchema } from '@rjsf/utils';

const uiSchemas = import.meta.glob<UiSchema>('./*.json', {
  base: '../../../../ui-schemas/',
  import: 'default',
});

const loading = new Map<string, Promise<UiSchema>>();

/**
 * The form's uiSchema, loaded once per page (a form without one gets none). Once settled the
 * promise carries React's status fields, so `use` reads it without suspending again.
 */
export function loadUiSchema(formId: string): Promise<UiSchema> {
  let promise = loading.get(formId);
  if (!promise) {
    const load = uiSchemas[`./${formId}.json`];
    const loaded = load ? load() : Promise.resolve({});
    void loaded.then((value) => Object.assign(loaded, { status: 'fulfilled', value }));
    loading.set(formId, loaded);
    promise = loaded;
  }
  return promise;
}
