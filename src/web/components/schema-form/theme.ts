// The portal's RJSF theme as SchemaForm hands it to RJSF: the widgets, by the names a schema or a
// uiSchema gives them, and the templates (widgets.tsx and templates.tsx draw them).
import type { RegistryWidgetsType, RJSFSchema, TemplatesType } from '@rjsf/utils';
import type { SchemaFormContext } from './form-context';
import { ErrorListTemplate, FieldTemplate, ObjectFieldTemplate, SubmitButton } from './templates';
import {
  CheckboxWidget,
  ConfirmationWidget,
  CountryWidget,
  DateWidget,
  EmailWidget,
  ExpiryWidget,
  HiddenWidget,
  OtpWidget,
  PasswordWidget,
  PhoneWidget,
  RadioWidget,
  SelectWidget,
  StateWidget,
  TextInput,
  TextWidget,
} from './widgets';

type Data = Record<string, unknown>;

export const widgets: RegistryWidgetsType<Data, RJSFSchema, SchemaFormContext> = {
  TextWidget,
  text: TextWidget,
  EmailWidget,
  email: EmailWidget,
  PasswordWidget,
  password: PasswordWidget,
  HiddenWidget,
  hidden: HiddenWidget,
  CheckboxWidget,
  checkbox: CheckboxWidget,
  RadioWidget,
  radio: RadioWidget,
  SelectWidget,
  select: SelectWidget,
  DateWidget,
  date: DateWidget,
  country: CountryWidget,
  state: StateWidget,
  phone: PhoneWidget,
  expiry: ExpiryWidget,
  otp: OtpWidget,
  confirmation: ConfirmationWidget,
};

const Nothing = () => null;

export const templates: Partial<Omit<TemplatesType<Data, RJSFSchema>, 'ButtonTemplates'>> & {
  ButtonTemplates: Partial<TemplatesType<Data, RJSFSchema>['ButtonTemplates']>;
} = {
  FieldTemplate,
  ObjectFieldTemplate,
  ErrorListTemplate,
  BaseInputTemplate: TextInput,
  // The field template renders the label, help and errors itself.
  DescriptionFieldTemplate: Nothing,
  TitleFieldTemplate: Nothing,
  FieldErrorTemplate: Nothing,
  FieldHelpTemplate: Nothing,
  ButtonTemplates: { SubmitButton },
};
