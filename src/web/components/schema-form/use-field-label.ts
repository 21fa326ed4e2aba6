// A field's translated label, shared by the field templates and the checkbox widget.
import type { RJSFSchema } from '@rjsf/utils';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { JsonSchema } from '../../../core/schemas/json-schema';

/** A field's label: the translation of its x-label, else of its property name. */
export function useFieldLabel(schema: RJSFSchema, name: string): string {
  const { t } = useTranslation('fields');
  const key = (schema as JsonSchema)['x-label'] ?? name;
  // Every field renders again on each key once live validation runs: translate once per language.
  return useMemo(() => t(key, { defaultValue: key }), [t, key]);
}
