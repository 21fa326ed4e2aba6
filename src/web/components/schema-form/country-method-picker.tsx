// Country and transfer method are chosen above the generated form. A change swaps the variant
// (the form remounts with the variant's key) and keeps the values of the fields that still exist
// in the new schema; the others are dropped.
import type { UiSchema } from '@rjsf/utils';
import { memo, useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { carryOver } from './carry-over';
import { countryOptions } from './countries';
import type { EditMode } from './edit-mode';
import type { ServerFieldError } from './messages';
import { SchemaForm } from './schema-form';
import { transferMethodLabelKey } from '../../lib/form-variants';
import { useFormVariant, usePublishedMethods } from './use-form-variant';
import { methodsOf, openingMethod } from './variant-loader';
import type { FormData } from './validator';

export interface CountryMethod {
  country: string;
  method?: string;
}

export interface CountryMethodPickerProps extends CountryMethod {
  formId: 'bank-account' | 'address' | string;
  onChange: (next: CountryMethod) => void;
  /** The merchant's supportedCountries; every country when absent. */
  countries?: readonly string[];
  /** The merchant's payoutTypes: transfer methods it pays to; every method when absent. */
  offeredMethods?: readonly string[];
  disabled?: boolean;
}

/**
 * Memoised: the form under it re-renders its parent on every key, and the country list (every
 * country's name in the current language) need not be rebuilt for that.
 */
export const CountryMethodPicker = memo(function CountryMethodPicker({
  formId,
  country,
  method,
  onChange,
  countries,
  offeredMethods,
  disabled,
}: CountryMethodPickerProps) {
  const { t, i18n } = useTranslation(['common', 'fields']);
  const countryId = useId();
  const methodName = useId();
  const { first, rest } = countryOptions(countries, i18n.language);
  const published = usePublishedMethods();
  const methods = methodsOf(country, formId, published, offeredMethods);

  const chooseCountry = (next: string) => {
    const available = methodsOf(next, formId, published, offeredMethods);
    onChange({
      country: next,
      method: method && available.includes(method) ? method : available[0],
    });
  };

  return (
    <div className="schema-form__picker">
      <div className="schema-form__field">
        <label className="schema-form__label" htmlFor={countryId}>
          {t('form.picker.country')}
        </label>
        <select
          id={countryId}
          className="schema-form__input schema-form__select"
          value={country}
          disabled={disabled}
          onChange={(event) => chooseCountry(event.target.value)}
        >
          {first.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
          {first.length ? (
            <option disabled value="-" aria-hidden="true">
              ──────────
            </option>
          ) : null}
          {rest.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      {methods.length ? (
        <fieldset className="schema-form__field schema-form__group">
          <legend className="schema-form__label">{t('form.picker.method')}</legend>
          <div className="schema-form__radios">
            {methods.map((m) => (
              <label key={m} className="schema-form__check">
                <input
                  type="radio"
                  name={methodName}
                  value={m}
                  checked={m === method}
                  disabled={disabled}
                  onChange={() => onChange({ country, method: m })}
                />
                <span>
                  {t(transferMethodLabelKey(country, m), { ns: 'fields', defaultValue: m })}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
    </div>
  );
});

export interface CountryVariantFormProps {
  formId: 'bank-account' | 'address' | string;
  initialCountry: string;
  initialMethod?: string;
  initialData?: FormData;
  countries?: readonly string[];
  onSubmit: (data: FormData) => unknown;
  onChange?: (data: FormData, variant: CountryMethod) => void;
  serverErrors?: readonly ServerFieldError[];
  submitLabel: string;
  disabled?: boolean;
  children?: ReactNode;
  /**
   * Editing a stored record: the fields that may stay empty to keep their stored value, or the
   * edit mode of each country and method (a value kept for one country may not fit another).
   */
  editMode?: EditMode | ((variant: CountryMethod) => EditMode | undefined);
  /**
   * Values the page sets in the form (a BIC derived from the IBAN): each new object is merged into
   * the current values once, and the user may change them afterwards.
   */
  fill?: FormData;
  /** Translated lines under fields, by field name. */
  notes?: Readonly<Record<string, string>>;
  /** The page's uiSchema additions (the same-address checkbox of a payment address). */
  uiSchema?: UiSchema;
  /** The merchant's payoutTypes: only these transfer methods are offered. */
  offeredMethods?: readonly string[];
}

/** The picker and, under it, the generated form of the chosen variant. */
export function CountryVariantForm({
  formId,
  initialCountry,
  initialMethod,
  initialData,
  countries,
  onSubmit,
  onChange,
  serverErrors,
  submitLabel,
  disabled,
  children,
  editMode,
  fill,
  notes,
  uiSchema,
  offeredMethods,
}: CountryVariantFormProps) {
  const published = usePublishedMethods();
  const [choice, setChoice] = useState<CountryMethod>(() => {
    const methods = methodsOf(initialCountry, formId, published, offeredMethods);
    return { country: initialCountry, method: openingMethod(methods, initialMethod) };
  });
  // The published rules' methods came after the first render, or offer another list than the
  // build: a method they do not offer (WIRE where a country's rules list ACH and RTP) gives way
  // to the first they do, the initial one if it is offered after all.
  const methods = methodsOf(choice.country, formId, published, offeredMethods);
  if (methods.length && !(choice.method && methods.includes(choice.method))) {
    setChoice({ country: choice.country, method: openingMethod(methods, initialMethod) });
  }
  const [values, setValues] = useState<FormData>(initialData ?? {});
  const state = useFormVariant(formId, choice.country, choice.method);
  // The method too: it may come only with the published rules' list, after the variant of the
  // country alone has loaded, and the form's values must then carry it.
  const variantKey = state.variant
    ? `${state.variant.key}|${choice.country}|${choice.method ?? ''}`
    : null;
  // Each variant starts from the values of the fields it still has; the others are dropped.
  const [started, setStarted] = useState<{ key: string | null; data: FormData }>({
    key: null,
    data: {},
  });
  if (state.variant && variantKey !== started.key) {
    const data = carryOver(values, state.variant.schema.properties, choice);
    setStarted({ key: variantKey, data });
    setValues(data);
  }
  // A new fill goes into the current values and, through formData, into the form on screen.
  const [filled, setFilled] = useState<FormData | undefined>(undefined);
  if (fill !== filled) {
    setFilled(fill);
    if (fill && started.key) {
      const data = { ...values, ...fill };
      setValues(data);
      setStarted({ key: started.key, data });
    }
  }
  const mode = useMemo(
    () => (typeof editMode === 'function' ? editMode(choice) : editMode),
    [editMode, choice],
  );
  // Stable, so that a key (which renders this component again) does not render the form again.
  const handleChange = useCallback(
    (data: FormData) => {
      setValues(data);
      onChange?.(data, choice);
    },
    [onChange, choice],
  );

  return (
    <div className="schema-form__variant">
      <CountryMethodPicker
        formId={formId}
        country={choice.country}
        method={choice.method}
        countries={countries}
        offeredMethods={offeredMethods}
        disabled={disabled}
        onChange={setChoice}
      />
      {state.variant && variantKey === started.key ? (
        <SchemaForm
          key={variantKey}
          formId={formId}
          country={choice.country}
          method={choice.method}
          formData={started.data}
          countries={countries}
          onChange={handleChange}
          onSubmit={onSubmit}
          serverErrors={serverErrors}
          submitLabel={submitLabel}
          disabled={disabled}
          editMode={mode}
          notes={notes}
          uiSchema={uiSchema}
        >
          {children}
        </SchemaForm>
      ) : (
        <SchemaForm
          formId={formId}
          country={choice.country}
          method={choice.method}
          onSubmit={onSubmit}
          submitLabel={submitLabel}
        />
      )}
    </div>
  );
}
