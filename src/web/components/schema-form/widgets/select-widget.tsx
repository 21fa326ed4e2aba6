// The native select and what picks from a list with it: an enum, a country, a US state.
import { useTranslation } from 'react-i18next';
import { countryOptions } from '../countries';
import { describedBy } from '../field-ids';
import { stateOptions } from '../us-states';
import { invalid, type Props } from './shared';
import { useOptionLabel } from './use-option-label';

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
