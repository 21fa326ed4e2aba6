// A one-time code in a schema form (ui:widget "otp"): the field of the confirmation-code dialog
// (components/code-input.tsx), labelled, described and marked invalid by the form's field template.
import { useTranslation } from 'react-i18next';
import { OneTimeCodeField } from '../../code-input';
import { useDeferredChange } from '../deferred-change';
import { describedBy } from '../field-ids';
import { invalid, type Props } from './shared';

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
  const prefixId = `${id}__prefix`;
  const description = [prefix ? prefixId : null, describedBy(id, schema, uiSchema, rawErrors)]
    .filter(Boolean)
    .join(' ');
  return (
    <>
      <OneTimeCodeField
        id={id}
        name={props.htmlName || id}
        prefix={prefix}
        length={typeof options.mask === 'string' ? options.mask.length : undefined}
        value={typeof typed.value === 'string' ? typed.value : ''}
        onDigits={(digits) => typed.change(digits || options.emptyValue)}
        disabled={props.disabled}
        readOnly={props.readonly}
        required={props.required}
        aria-invalid={invalid(rawErrors)}
        aria-describedby={description || undefined}
        onKeyDown={typed.onKeyDown}
        onBlur={() => {
          typed.flush();
          onBlur(id, typed.value);
        }}
        onFocus={() => onFocus(id, value)}
      />
      {/* The dialog's line above the field says what the code starts with; here this does. */}
      {prefix ? (
        <span id={prefixId} className="visually-hidden">
          {t('form.otp.prefix', { prefix })}
        </span>
      ) : null}
    </>
  );
}
