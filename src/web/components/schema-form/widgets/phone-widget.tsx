// A phone number in international format: a fixed "+" before the digits.
import { useTranslation } from 'react-i18next';
import { showFiltered } from '../../../lib/filtered-input';
import { useDeferredChange } from '../deferred-change';
import { describedBy } from '../field-ids';
import { invalid, type Props } from './shared';

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
