// An enum as radio buttons, each labelled in the page's language.
import { optionId } from '@rjsf/utils';
import { describedBy } from '../field-ids';
import { invalid, type Props } from './shared';
import { useOptionLabel } from './use-option-label';

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
