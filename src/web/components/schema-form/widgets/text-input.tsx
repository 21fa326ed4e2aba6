// The one text input of the portal's RJSF theme (its BaseInputTemplate) and the widgets that are
// that input with a type or an option set: text, email, password, date, confirmation, expiry.
import type { BaseInputTemplateProps, RJSFSchema } from '@rjsf/utils';
import {
  useLayoutEffect,
  useMemo,
  useRef,
  type ChangeEvent,
  type ClipboardEvent,
  type FocusEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { showFiltered } from '../../../lib/filtered-input';
import { useDeferredChange } from '../deferred-change';
import { describedBy } from '../field-ids';
import { caretAfter, formatMasked, isDigitMask, storedMasked } from '../mask';
import { invalid, type Props } from './shared';

const blockClipboard = (event: ClipboardEvent<HTMLInputElement>) => event.preventDefault();

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
