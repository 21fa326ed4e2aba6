// The portal's RJSF theme as SchemaForm hands it to RJSF: the widgets, by the names a schema or a
// uiSchema gives them (widgets/index.ts), and the templates (templates.tsx).
import type { RJSFSchema, TemplatesType } from '@rjsf/utils';
import { ErrorListTemplate, FieldTemplate, ObjectFieldTemplate, SubmitButton } from './templates';
import { TextInput } from './widgets/text-input';

export { widgets } from './widgets';

type Data = Record<string, unknown>;

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
