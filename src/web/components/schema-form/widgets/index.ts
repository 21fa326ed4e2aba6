// The widgets of the portal's RJSF theme by the names a schema or a uiSchema gives them (RJSF's
// standard names and ours), one widget per file as RJSF's own widgets are: native inputs on the
// portal's CSS, labelled by the field template, described by its help, hint and errors, and
// marked aria-invalid when a field has errors.
import type { RegistryWidgetsType, RJSFSchema } from '@rjsf/utils';
import { createElement, lazy } from 'react';
import type { SchemaFormContext } from '../form-context';
import { CheckboxWidget } from './checkbox-widget';
import { HiddenWidget } from './hidden-widget';
import { PhoneWidget } from './phone-widget';
import { RadioWidget } from './radio-widget';
import type { Props } from './shared';
import { CountryWidget, SelectWidget, StateWidget } from './select-widget';
import {
  ConfirmationWidget,
  DateWidget,
  EmailWidget,
  ExpiryWidget,
  PasswordWidget,
  TextWidget,
} from './text-input';

// No screen's form asks for a one-time code (the dialog and account verification use CodeInput),
// so the otp widget and the code field load with a form that does, not with every form. RJSF takes
// a function component, not React's lazy object.
const LazyOtpWidget = lazy(() =>
  import('./otp-widget').then(({ OtpWidget }) => ({ default: OtpWidget })),
);
const OtpWidget = (props: Props) => createElement(LazyOtpWidget, props);

export const widgets: RegistryWidgetsType<
  Record<string, unknown>,
  RJSFSchema,
  SchemaFormContext
> = {
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
