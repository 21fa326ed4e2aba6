// The header's language menu: the merchant's languages, each named in its own language. A choice
// is applied at once and kept in local storage for the next visit; signed in, the header also
// stores it as the person's language (`onChoose`), the one their mails are written in.
import { useTranslation } from 'react-i18next';
import { Dropdown } from '../../components/dropdown';
import { LOCALE_NAMES } from '../../../core/i18n/locales';
import { isLocale, setLanguage, type Locale } from '../../lib/i18n';

export function LanguageMenu({
  locales,
  onChoose,
}: {
  locales: readonly string[];
  /** Called with each choice, after it is applied (the signed-in header stores it). */
  onChoose?: (locale: Locale) => void;
}) {
  const { t, i18n } = useTranslation();
  const current = i18n.language;
  const offered = locales.filter(isLocale);
  return (
    <Dropdown
      className="language-menu"
      triggerClassName="header-button"
      ariaLabel={t('language.menu')}
      variant="radio"
      align="end"
      label={
        <>
          <svg className="language-menu__globe" aria-hidden="true" viewBox="0 0 24 24" width="18">
            <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.6" />
            <path
              d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
            />
          </svg>
          <span className="language-menu__current" lang={current}>
            {isLocale(current) ? LOCALE_NAMES[current] : current}
          </span>
        </>
      }
      items={offered.map((locale) => ({
        key: locale,
        label: LOCALE_NAMES[locale],
        lang: locale,
        checked: locale === current,
        onSelect: () => {
          void setLanguage(locale, true);
          onChoose?.(locale);
        },
      }))}
    />
  );
}
