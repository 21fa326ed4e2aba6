// The console's language menu, on every screen (signed in or out): the five languages, each named
// in its own language. A choice applies at once (console-app.tsx keeps it: in this browser, and
// for the staff member when signed in).
import { useId } from 'react';
import { LOCALE_NAMES, LOCALES, isLocale } from '../../core/i18n/locales';
import { texts, useConsoleLanguage } from './texts';

export function LanguageMenu() {
  const { locale, choose } = useConsoleLanguage();
  const id = useId();
  return (
    <div className="console-language">
      <label htmlFor={id}>{texts.language}</label>
      <select
        id={id}
        className="console-language__select"
        value={locale}
        onChange={(event) => {
          if (isLocale(event.target.value)) void choose(event.target.value);
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
