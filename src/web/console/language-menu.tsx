// The console's language menu, on every screen (signed in or out): the five languages, each named
// in its own language. A choice applies at once (console-app.tsx keeps it: in this browser, and
// for the staff member when signed in).
import { useId } from 'react';
import { LOCALES, isLocale, type Locale } from '../../core/i18n/locales';
import { texts, useConsoleLanguage } from './texts';

/** Each language's name for itself (not translated: a reader looks for their own language). */
const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  pt: 'Português',
  de: 'Deutsch',
};

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
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
