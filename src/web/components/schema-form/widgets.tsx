// The widgets of the portal's RJSF theme: native inputs on the portal's CSS, labelled by the field
// template, described by its help, hint and errors, and marked aria-invalid when a field has errors.
import type { BaseInputTemplateProps, RJSFSchema, WidgetProps } from '@rjsf/utils';
import { optionId } from '@rjsf/utils';
import {
  useLayoutEffect,
  useMemo,
  useRef,
  type ChangeEvent,
  type ClipboardEvent,
  type FocusEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { showFiltered } from '../../lib/filtered-input';
import { countryOptions } from './countries';
import { describedBy, hintId } from './field-ids';
import { useDeferredChange } from './deferred-change';
import { caretAfter, formatMasked, isDigitMask, storedMasked } from './mask';
import { stateOptions } from './us-states';
import type { SchemaFormContext } from './form-context';
import { useFieldLabel } from './use-field-label';

type Props = WidgetProps<Record<string, unknown>, RJSFSchema, SchemaFormContext>;

const blockClipboard = (event: ClipboardEvent<HTMLInputElement>) => event.preventDefault();

const invalid = (rawErrors?: readonly string[]) => (rawErrors?.length ? true : undefined);

/**
 * The one text input (RJSF's BaseInputTemplate): masks (digits laid out as typed, the caret kept in
 * place), upper case, blocked clipboard, translated placeholder, autocomplete.
 */
export function TextInput(props: BaseInputTemplateProps<Record<string, unknown>, RJSFSchema>) {
  const {
    id,
    htmlName,
    value,
    readonly,
    disabled,
    autofocus,
    onBlur,
    onFocus,
    onChange,
    options,
    schema,
    uiSchema,
    rawErrors,
    placeholder,
    required,
    type,
  } = props;
  const { t } = useTranslation('fields');
  const inputRef = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  // A render before the form has taken the typed value (another field's change) keeps it shown.
  const typed = useDeferredChange(value, onChange);
  const mask = typeof options.mask === 'string' && options.mask ? options.mask : undefined;
  const text = typed.value === undefined || typed.value === null ? '' : String(typed.value);
  const shown = mask ? formatMasked(text, mask) : text;
  const shownPlaceholder = useMemo(
    () => (placeholder ? t(placeholder, { defaultValue: placeholder }) : undefined),
    [t, placeholder],
  );

  useLayoutEffect(() => {
    const input = inputRef.current;
    if (caret.current === null || !input || document.activeElement !== input) return;
    try {
      input.setSelectionRange(caret.current, caret.current);
    } catch {
      // input types without a selection (email) keep the browser's caret
    }
    caret.current = null;
  });

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    let next = event.target.value;
    if (mask) {
      const formatted = formatMasked(next, mask);
      const at = caretAfter(next, event.target.selectionStart ?? next.length, formatted, mask);
      showFiltered(event.target, formatted, at);
      // The layout effect puts the caret back after the render a changed value causes.
      caret.current = formatted === shown ? null : at;
      next = storedMasked(next, mask);
    } else if (options.uppercase === true) {
      next = next.toUpperCase();
      // Shown at once, the caret where it was (a letter typed inside a BIC stays where it went).
      showFiltered(event.target, next, event.target.selectionStart ?? next.length);
    }
    typed.change(next === '' ? options.emptyValue : next);
  };
  const clipboard = options.blockClipboard === true;
  const inputType = typeof options.inputType === 'string' ? options.inputType : (type ?? 'text');

  return (
    <input
      ref={inputRef}
      id={id}
      name={htmlName || id}
      className="schema-form__input"
      type={inputType}
      value={shown}
      readOnly={readonly}
      disabled={disabled}
      autoFocus={autofocus}
      required={required && options.optional !== true}
      placeholder={shownPlaceholder}
      autoComplete={typeof options.autocomplete === 'string' ? options.autocomplete : undefined}
      inputMode={
        typeof options.inputMode === 'string'
          ? (options.inputMode as 'numeric')
          : mask && isDigitMask(mask)
            ? 'numeric'
            : undefined
      }
      // No maxLength: the browser would cut a pasted "123 - 45 - 6789" before the mask drops its
      // spaces and dashes; the mask keeps only as many characters as it has slots.
      spellCheck={options.sensitive === true || mask ? false : undefined}
      autoCorrect={options.sensitive === true ? 'off' : undefined}
      autoCapitalize={options.uppercase === true ? 'characters' : undefined}
      data-sensitive={options.sensitive === true ? '' : undefined}
      aria-invalid={invalid(rawErrors)}
      aria-describedby={describedBy(id, schema, uiSchema, rawErrors)}
      onChange={handleChange}
      onKeyDown={typed.onKeyDown}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        typed.flush();
        onBlur(id, event.target.value);
      }}
      onFocus={(event: FocusEvent<HTMLInputElement>) => onFocus(id, event.target.value)}
      onPaste={clipboard ? blockClipboard : undefined}
      onCopy={clipboard ? blockClipboard : undefined}
      onCut={clipboard ? blockClipboard : undefined}
      onDrop={clipboard ? (event) => event.preventDefault() : undefined}
    />
  );
}

export const TextWidget = (props: Props) => <TextInput {...props} />;
export const EmailWidget = (props: Props) => <TextInput {...props} type="email" />;
export const PasswordWidget = (props: Props) => <TextInput {...props} type="password" />;
export const DateWidget = (props: Props) => <TextInput {...props} type="date" />;

/** The second entry of a value (account or card number): typed again, never pasted. */
export function ConfirmationWidget(props: Props) {
  const blocked = props.options.blockClipboard !== false;
  const uiSchema = {
    ...props.uiSchema,
    'ui:options': { ...props.uiSchema?.['ui:options'], blockClipboard: blocked },
  };
  return (
    <TextInput
      {...props}
      options={{ ...props.options, blockClipboard: blocked }}
      uiSchema={uiSchema}
    />
  );
}

/** MM/YY: digits only, the slash added as typed and kept in the stored value. */
export function ExpiryWidget(props: Props) {
  const mask = typeof props.options.mask === 'string' ? props.options.mask : '99/99';
  return <TextInput {...props} options={{ ...props.options, mask }} />;
}

/** A phone number in international format: a fixed "+" before the digits. */
export function PhoneWidget(props: Props) {
  const { id, value, options, onChange, onBlur, onFocus, schema, uiSchema, rawErrors } = props;
  const { t } = useTranslation('fields');
  const typed = useDeferredChange(value, onChange);
  const digits = typeof typed.value === 'string' ? typed.value.replace(/\D/g, '') : '';
  const placeholder = props.placeholder
    ? t(props.placeholder, { defaultValue: props.placeholder }).replace(/^\+/, '')
    : undefined;
  return (
    <div className="schema-form__affix">
      <span className="schema-form__affix-text" aria-hidden="true">
        +
      </span>
      <input
        id={id}
        name={props.htmlName || id}
        className="schema-form__input"
        type="tel"
        inputMode="tel"
        autoComplete={typeof options.autocomplete === 'string' ? options.autocomplete : 'tel'}
        value={digits}
        placeholder={placeholder}
        // No maxLength and no cut: a pasted "+33 6 12 34 56 78" keeps every digit, and a number
        // too long is refused by the schema with a message instead of being saved shortened.
        disabled={props.disabled}
        readOnly={props.readonly}
        required={props.required}
        aria-invalid={invalid(rawErrors)}
        aria-describedby={describedBy(id, schema, uiSchema, rawErrors)}
        onChange={(event) => {
          const next = event.target.value.replace(/\D/g, '');
          showFiltered(event.target, next);
          typed.change(next ? `+${next}` : options.emptyValue);
        }}
        onKeyDown={typed.onKeyDown}
        onBlur={() => {
          typed.flush();
          onBlur(id, typed.value);
        }}
        onFocus={() => onFocus(id, value)}
      />
    </div>
  );
}

/**
 * A one-time code: 6 digits, numeric keyboard, one-time-code autocomplete, after the 4-digit prefix
 * of the sent code when there is one (ui:options.prefix, else the form's `prefix` value).
 */
export function OtpWidget(props: Props) {
  const { id, value, options, onChange, onBlur, onFocus, schema, uiSchema, rawErrors, registry } =
    props;
  const fromData = registry.formContext?.codePrefix;
  const prefix =
    typeof options.prefix === 'string'
      ? options.prefix
      : typeof fromData === 'string'
        ? fromData
        : '';
  const { t } = useTranslation();
  const typed = useDeferredChange(value, onChange);
  const length = typeof options.mask === 'string' ? options.mask.length : 6;
  const prefixId = `${id}__prefix`;
  const description = [prefix ? prefixId : null, describedBy(id, schema, uiSchema, rawErrors)]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="schema-form__affix schema-form__otp">
      {prefix ? (
        <>
          <span className="schema-form__otp-prefix" aria-hidden="true">
            {prefix}
          </span>
          <span className="schema-form__affix-text" aria-hidden="true">
            –
          </span>
          <span id={prefixId} className="visually-hidden">
            {t('form.otp.prefix', { prefix })}
          </span>
        </>
      ) : null}
      <input
        id={id}
        name={props.htmlName || id}
        className="schema-form__input schema-form__otp-input"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern={`\\d{${length}}`}
        value={typeof typed.value === 'string' ? typed.value : ''}
        disabled={props.disabled}
        readOnly={props.readonly}
        required={props.required}
        aria-invalid={invalid(rawErrors)}
        aria-describedby={description || undefined}
        onChange={(event) => {
          const next = event.target.value.replace(/\D/g, '').slice(0, length);
          showFiltered(event.target, next);
          typed.change(next || options.emptyValue);
        }}
        onKeyDown={typed.onKeyDown}
        onBlur={() => {
          typed.flush();
          onBlur(id, typed.value);
        }}
        onFocus={() => onFocus(id, value)}
      />
    </div>
  );
}

export function HiddenWidget({ id, htmlName, value }: Props) {
  return (
    <input
      type="hidden"
      id={id}
      name={htmlName || id}
      value={value === undefined || value === null ? '' : String(value)}
    />
  );
}

/** The schema-form checkbox with a given label (a sentence with links, for the agreements). */
export function LabelledCheckbox({
  widget,
  label,
  required = widget.required ?? false,
}: {
  widget: Props;
  label: ReactNode;
  required?: boolean;
}) {
  const { id, value, onChange, onBlur, onFocus, schema, uiSchema, rawErrors } = widget;
  return (
    <label className="schema-form__check">
      <input
        id={id}
        name={widget.htmlName || id}
        type="checkbox"
        checked={value === true}
        disabled={widget.disabled || widget.readonly}
        required={required}
        aria-invalid={invalid(rawErrors)}
        aria-describedby={describedBy(id, schema, uiSchema, rawErrors)}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
      <span>
        {label}
        {required ? (
          <span className="schema-form__required" aria-hidden="true">
            {' *'}
          </span>
        ) : null}
      </span>
    </label>
  );
}

export function CheckboxWidget(props: Props) {
  const label = useFieldLabel(props.schema, props.name);
  return <LabelledCheckbox widget={props} label={label} />;
}

/** The label of an enum value: fields `options.<field>.<value>`, else the value itself. */
function useOptionLabel(name: string) {
  const { t } = useTranslation('fields');
  return (value: unknown) => t(`options.${name}.${String(value)}`, { defaultValue: String(value) });
}

export function RadioWidget(props: Props) {
  const { id, value, options, onChange, onBlur, onFocus, schema, uiSchema, rawErrors, name } =
    props;
  const optionLabel = useOptionLabel(name);
  const enumOptions = options.enumOptions ?? [];
  return (
    <div className="schema-form__radios">
      {enumOptions.map((option, index) => (
        <label
          key={String(option.value)}
          className="schema-form__check"
          htmlFor={optionId(id, index)}
        >
          <input
            id={optionId(id, index)}
            name={props.htmlName || id}
            type="radio"
            value={String(option.value)}
            checked={value === option.value}
            disabled={props.disabled || props.readonly}
            aria-invalid={invalid(rawErrors)}
            aria-describedby={describedBy(id, schema, uiSchema, rawErrors)}
            onChange={() => onChange(option.value)}
            onBlur={() => onBlur(id, value)}
            onFocus={() => onFocus(id, value)}
          />
          <span>{optionLabel(option.value)}</span>
        </label>
      ))}
    </div>
  );
}

interface SelectBaseProps extends Props {
  choices: { value: string; label: string; lang?: string }[];
  /** Choices shown first, apart from the others. */
  firstChoices?: { value: string; label: string }[];
}

function SelectBase(props: SelectBaseProps) {
  const { id, value, options, onChange, onBlur, onFocus, schema, uiSchema, rawErrors } = props;
  const { t } = useTranslation();
  const current = value === undefined || value === null ? '' : String(value);
  const render = (c: { value: string; label: string }) => (
    <option key={c.value} value={c.value}>
      {c.label}
    </option>
  );
  const first = props.firstChoices ?? [];
  return (
    <select
      id={id}
      name={props.htmlName || id}
      className="schema-form__input schema-form__select"
      value={current}
      disabled={props.disabled || props.readonly}
      required={props.required}
      autoComplete={typeof options.autocomplete === 'string' ? options.autocomplete : undefined}
      aria-invalid={invalid(rawErrors)}
      aria-describedby={describedBy(id, schema, uiSchema, rawErrors)}
      onChange={(event) => {
        const chosen = [...first, ...props.choices].find((c) => c.value === event.target.value);
        const enumValue = options.enumOptions?.find((o) => String(o.value) === chosen?.value);
        onChange(chosen ? (enumValue ? enumValue.value : chosen.value) : options.emptyValue);
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    >
      <option value="">{t('form.choose')}</option>
      {first.length ? (
        <>
          {first.map(render)}
          <option disabled value="-" aria-hidden="true">
            ──────────
          </option>
        </>
      ) : null}
      {props.choices.map(render)}
    </select>
  );
}

export function SelectWidget(props: Props) {
  const optionLabel = useOptionLabel(props.name);
  const choices = (props.options.enumOptions ?? []).map((o) => ({
    value: String(o.value),
    label: optionLabel(o.value),
  }));
  return <SelectBase {...props} choices={choices} />;
}

/** Countries by name in the page's language, the United States first and apart. */
export function CountryWidget(props: Props) {
  const { i18n } = useTranslation();
  const allowed =
    (props.schema.enum as string[] | undefined) ?? props.registry.formContext?.countries;
  const { first, rest } = countryOptions(allowed, i18n.language);
  const toChoice = (c: { code: string; name: string }) => ({ value: c.code, label: c.name });
  return <SelectBase {...props} firstChoices={first.map(toChoice)} choices={rest.map(toChoice)} />;
}

/** US states, the District of Columbia and territories, by name. */
export function StateWidget(props: Props) {
  const allowed = props.schema.enum as string[] | undefined;
  const choices = stateOptions(allowed).map((s) => ({ value: s.code, label: s.name }));
  return <SelectBase {...props} choices={choices} />;
}

/** The hint under a field whose clipboard is blocked. */
export function ClipboardHint({ id }: { id: string }) {
  const { t } = useTranslation();
  const hint = useMemo(() => t('form.clipboardBlocked'), [t]);
  return (
    <p id={hintId(id)} className="schema-form__hint">
      {hint}
    </p>
  );
}
