// A checkbox labelled by the schema's field label, or by a given sentence (the agreements).
import type { ReactNode } from 'react';
import { describedBy } from '../field-ids';
import { useFieldLabel } from '../use-field-label';
import { invalid, type Props } from './shared';

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
