// One RJSF uiSchema per form (ui-schemas/<formId>.json); small, so bundled eagerly.
import type { UiSchema } from '@rjsf/utils';

const uiSchemas = import.meta.glob<UiSchema>('../../../../ui-schemas/*.json', {
  eager: true,
  import: 'default',
});

export function uiSchemaFor(formId: string): UiSchema {
  return uiSchemas[`../../../../ui-schemas/${formId}.json`] ?? {};
}
