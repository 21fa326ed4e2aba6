// Creating a country that has no file of its own (issue 33 point 2): the country (fixed on its own
// page, chosen on the countries list) and the template its file starts from; the country's page
// then opens the template's file in the editor (`?template=`), nothing saved until the draft is.
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { COUNTRY_TEMPLATES, type CountryTemplate } from './api';
import { texts, useConsoleLanguage } from './texts';
import { countryName } from '../components/schema-form/countries';

export function TemplateChooser({
  country,
  countries,
}: {
  /** The country on its own page. */
  country?: string;
  /** Otherwise the countries to choose from (those without a file). */
  countries?: readonly string[];
}) {
  const C = texts.create;
  const { locale } = useConsoleLanguage();
  const navigate = useNavigate();
  const selectId = useId();
  const hintId = useId();
  const [chosen, setChosen] = useState(country ?? countries?.[0] ?? '');
  const [template, setTemplate] = useState<CountryTemplate>('clearing');
  const collator = new Intl.Collator(locale);
  const options = (countries ?? [])
    .map((code) => ({ code, name: countryName(code, locale) }))
    .sort((a, b) => collator.compare(a.name, b.name));
  return (
    <form
      className="console-create"
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen) navigate(`/console/countries/${chosen}?template=${template}`);
      }}
    >
      {country === undefined ? (
        <p className="console-field">
          <label htmlFor={selectId}>{C.country}</label>{' '}
          <select id={selectId} value={chosen} onChange={(event) => setChosen(event.target.value)}>
            {options.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name} ({c.code})
              </option>
            ))}
          </select>
        </p>
      ) : null}
      <fieldset className="console-field">
        <legend>{C.template}</legend>
        {COUNTRY_TEMPLATES.map((t) => (
          <label key={t} className="console-check">
            <input
              type="radio"
              name={hintId}
              value={t}
              checked={template === t}
              aria-describedby={`${hintId}-${t}`}
              onChange={() => setTemplate(t)}
            />{' '}
            {C.templates[t]}{' '}
            <span id={`${hintId}-${t}`} className="console-note">
              {C.templateHints[t]}
            </span>
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button" disabled={!chosen}>
        {C.open}
      </button>
    </form>
  );
}
