// The templates of the portal's RJSF theme: a field is its translated label (x-label or property
// name, required marker), its help (ui:help or x-help), its input, and its errors under it; the
// error summary at the top links to each field.
import type {
  ErrorListProps,
  FieldTemplateProps,
  ObjectFieldTemplateProps,
  RJSFSchema,
  SubmitButtonProps,
} from '@rjsf/utils';
import { getSubmitButtonOptions, getUiOptions } from '@rjsf/utils';
import { useId, useMemo, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  errorId,
  helpId,
  helpKeyOf,
  blocksClipboard,
  isRelaxed,
  noteId,
  noteOf,
  propertyOf,
} from './field-ids';
import { fieldElement, inputIdFor } from './field-focus';
import type { SchemaFormContext } from './form-context';
import { useFieldLabel } from './use-field-label';
import { ClipboardHint } from './widgets/clipboard-hint';

type Data = Record<string, unknown>;

function RequiredMarker() {
  return (
    <span className="schema-form__required" aria-hidden="true">
      {' *'}
    </span>
  );
}

function FieldErrors({ id, errors }: { id: string; errors: readonly string[] }) {
  if (!errors.length) return null;
  return (
    <div id={errorId(id)} className="schema-form__errors">
      {errors.map((message) => (
        <p key={message} className="schema-form__error">
          {message}
        </p>
      ))}
    </div>
  );
}

/** A translated note under the label (edit mode: what an empty field keeps). */
function FieldNote({ id, note }: { id: string; note?: string }) {
  if (!note) return null;
  return (
    <p id={noteId(id)} className="schema-form__help">
      {note}
    </p>
  );
}

function FieldHelp({ id, helpKey }: { id: string; helpKey?: string }) {
  const { t } = useTranslation('fields');
  // Fields render again on every key once live validation runs: texts are translated once.
  const help = useMemo(() => (helpKey ? t(helpKey, { defaultValue: '' }) : ''), [t, helpKey]);
  if (!helpKey) return null;
  return (
    <p id={helpId(id)} className="schema-form__help">
      {help}
    </p>
  );
}

export function FieldTemplate(props: FieldTemplateProps<Data, RJSFSchema, SchemaFormContext>) {
  const { id, children, rawErrors, hidden, schema, uiSchema, fieldPathId } = props;
  const required = props.required && !isRelaxed(uiSchema);
  const name = propertyOf(fieldPathId.path) ?? '';
  const label = useFieldLabel(schema, name);
  if (hidden) return <div className="schema-form__hidden">{children}</div>;
  const widget = getUiOptions(uiSchema).widget;
  const errors = [...new Set((rawErrors ?? []).filter(Boolean))];
  // A list of choices ticked in boxes (the rules console's transfer methods) is one named group.
  if (schema.type === 'array' && widget === 'checkboxes') {
    return (
      <fieldset className="schema-form__field schema-form__group" id={`${id}__group`}>
        <legend className="schema-form__label">{label}</legend>
        {children}
        <FieldErrors id={id} errors={errors} />
      </fieldset>
    );
  }
  if (schema.type === 'object' || schema.type === 'array') return children;

  const helpKey = helpKeyOf(schema, uiSchema);
  const note = noteOf(uiSchema);
  const hint = blocksClipboard(uiSchema) ? <ClipboardHint id={id} /> : null;
  const className = [
    'schema-form__field',
    `schema-form__field--${name}`,
    errors.length ? 'schema-form__field--invalid' : null,
  ]
    .filter(Boolean)
    .join(' ');

  if (widget === 'radio' || (schema.type === 'boolean' && widget !== 'checkbox' && !widget)) {
    return (
      <fieldset className={`${className} schema-form__group`} id={`${id}__group`}>
        <legend className="schema-form__label">
          {label}
          {required ? <RequiredMarker /> : null}
        </legend>
        <FieldHelp id={id} helpKey={helpKey} />
        <FieldNote id={id} note={note} />
        {children}
        <FieldErrors id={id} errors={errors} />
      </fieldset>
    );
  }
  if (widget === 'checkbox' || schema.type === 'boolean') {
    return (
      <div className={className}>
        {children}
        <FieldHelp id={id} helpKey={helpKey} />
        <FieldNote id={id} note={note} />
        <FieldErrors id={id} errors={errors} />
      </div>
    );
  }
  return (
    <div className={className}>
      <label className="schema-form__label" htmlFor={id}>
        {label}
        {required ? <RequiredMarker /> : null}
      </label>
      <FieldHelp id={id} helpKey={helpKey} />
      <FieldNote id={id} note={note} />
      {children}
      {hint}
      <FieldErrors id={id} errors={errors} />
    </div>
  );
}

export function ObjectFieldTemplate(props: ObjectFieldTemplateProps<Data, RJSFSchema>) {
  const { properties, fieldPathId, schema } = props;
  const name = propertyOf(fieldPathId.path);
  const label = useFieldLabel(schema, name ?? '');
  const content = properties.map((p) => p.content);
  // The record itself has no heading: the page around the form names it.
  if (!name) return <div className="schema-form__fields">{content}</div>;
  return (
    <fieldset className="schema-form__fields schema-form__group">
      <legend className="schema-form__label">{label}</legend>
      {content}
    </fieldset>
  );
}

/**
 * The error summary: every error with a link that moves the focus to its field. It lists what was
 * wrong at the last submit attempt (as GOV.UK's error summary does), renewed with the server's
 * answer, a new language or new rules, not with each key: the errors under the fields follow the
 * keys. A summary that changed as the user typed would move the page under the caret (its height
 * changes above the field) and have its alert announced again on every key.
 */
export function ErrorListTemplate({ errors, registry }: ErrorListProps<Data, RJSFSchema>) {
  const { idPrefix, summaryVersion } = (registry.formContext ?? {}) as SchemaFormContext;
  const { t } = useTranslation();
  const title = useMemo(() => t('form.summary.title'), [t]);
  const titleId = useId();
  const [shown, setShown] = useState({ version: summaryVersion, errors });
  if (shown.version !== summaryVersion) setShown({ version: summaryVersion, errors });
  const seen = new Set<string>();
  const items = shown.errors.filter((e) => {
    const key = `${e.property ?? ''}|${e.message ?? e.stack}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const focus = (event: MouseEvent<HTMLAnchorElement>, inputId: string) => {
    const scope = event.currentTarget.closest('form') ?? document;
    const field = fieldElement(scope, inputId);
    if (!field) return;
    event.preventDefault();
    field.scrollIntoView?.({ block: 'center' });
    field.focus();
  };
  return (
    <div className="schema-form__summary" role="alert" aria-labelledby={titleId}>
      <h2 id={titleId} className="schema-form__summary-title">
        {title}
      </h2>
      <ul className="schema-form__summary-list">
        {items.map((error) => {
          const message = error.message ?? error.stack;
          const inputId = inputIdFor(error.property, idPrefix);
          // Keyed by what it says (unique after the filter above), not by place: an error gone at
          // the next submit removes its own item instead of rebuilding those after it.
          return (
            <li key={`${inputId}|${message}`}>
              {error.property ? (
                <a href={`#${inputId}`} onClick={(event) => focus(event, inputId)}>
                  {message}
                </a>
              ) : (
                message
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function SubmitButton({ uiSchema }: SubmitButtonProps<Data, RJSFSchema>) {
  const { t } = useTranslation();
  const { submitText, norender, props } = getSubmitButtonOptions(uiSchema);
  if (norender) return null;
  return (
    <button type="submit" className="button" disabled={Boolean(props?.disabled)}>
      {submitText || t('form.submit')}
    </button>
  );
}
