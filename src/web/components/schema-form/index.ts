export { SchemaForm, type SchemaFormProps } from './schema-form';
export {
  CountryMethodPicker,
  CountryVariantForm,
  carryOver,
  type CountryMethod,
  type CountryMethodPickerProps,
  type CountryVariantFormProps,
} from './country-method-picker';
export { useFormVariant, transferMethodsFor, type FormVariantState } from './use-form-variant';
export type { ServerFieldError } from './messages';
export type { EditMode } from './edit-mode';
export type { FormData } from './validator';
export { LabelledCheckbox, widgets } from './widgets';
export { templates } from './templates';
