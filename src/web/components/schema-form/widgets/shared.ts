// What every widget of the portal's RJSF theme takes and how it marks a field with errors.
import type { RJSFSchema, WidgetProps } from '@rjsf/utils';
import type { SchemaFormContext } from '../form-context';

export type Props = WidgetProps<Record<string, unknown>, RJSFSchema, SchemaFormContext>;

/** aria-invalid for a field with errors, nothing otherwise. */
export const invalid = (rawErrors?: readonly string[]) => (rawErrors?.length ? true : undefined);
