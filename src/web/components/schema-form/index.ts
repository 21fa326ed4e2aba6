export { SchemaForm, type SchemaFormProps } from './schema-form';
export {
  CountryMethodPicker,
  CountryVariantForm,
  type CountryMethod,
  type CountryMethodPickerProps,
  type CountryVariantFormProps,
} from './country-method-picker';
export { carryOver } from './carry-over';
export { useFormVariant, transferMethodsFor, type FormVariantState } from './use-form-variant';
export type { ServerFieldError } from './messages';
export type { EditMode } from './edit-mode';
export type { FormData } from './validator';
export { LabelledCheckbox } from './widgets/checkbox-widget';
export { templates, widgets } from './theme';
