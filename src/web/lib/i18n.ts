// i18next with the repository's locales/ (common UI strings, field labels, validation messages).
// Each namespace of each language is its own chunk, loaded when a page first needs it; the choice
// of language is kept in local storage.
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FORM_NAMESPACES, NAMESPACES, type Namespace } from '../../core/i18n/namespaces';

import { isLocale, LOCALES, type Locale } from '../../core/i18n/locales';

export { isLocale, LOCALES, type Locale };
export const LOCALE_STORAGE_KEY = 'payee-portal.locale';
export { FORM_NAMESPACES, NAMESPACES, type Namespace };

const bundles = import.meta.glob<{ default: Record<string, unknown> }>('../../../locales/*/*.json');

/**
 * An i18next backend over the locale chunks: a namespace of a language is loaded the first time a
 * page asks for it. The shell asks for `common`; the generated forms ask for `fields` and
 * `validation` (useTranslation suspends until they are there), so a page without a form never
 * loads them, and a visitor reading German never loads the English texts.
 */
const localeChunks = {
  type: 'backend' as const,
  init: () => undefined,
  read(
    language: string,
    namespace: string,
    callback: (error: unknown, data: Record<string, unknown> | false) => void,
  ) {
    const load = bundles[`../../../locales/${language}/${namespace}.json`];
    if (!load) return callback(new Error(`no ${namespace} texts in ${language}`), false);
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error, false),
    );
  },
};

const remembered = (): string | null =>
  typeof localStorage === 'undefined' ? null : localStorage.getItem(LOCALE_STORAGE_KEY);

/**
 * The signed-in person's stored language (profile.preferredLanguage) when the merchant offers it,
 * else this browser's remembered choice, else the merchant's default, else English.
 */
export function pickLocale(
  supported: readonly string[],
  fallback: string,
  preferred?: string | null,
): Locale {
  if (isLocale(preferred) && supported.includes(preferred)) return preferred;
  const stored = remembered();
  if (isLocale(stored) && supported.includes(stored)) return stored;
  return isLocale(fallback) ? fallback : 'en';
}

/**
 * The language for texts shown before the merchant's configuration or the translations are there
 * (the loading label, the maintenance page): the one showing, else the remembered choice, else the
 * browser's, else English.
 */
export function earlyLocale(): Locale {
  if (isLocale(i18next.language)) return i18next.language;
  const stored = remembered();
  if (isLocale(stored)) return stored;
  const browser =
    typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return browser.map((tag) => tag.slice(0, 2).toLowerCase()).find(isLocale) ?? 'en';
}

/** Starts i18next in `locale` with the namespaces the page needs first (others load when asked). */
export async function initI18n(
  locale: Locale = 'en',
  namespaces: readonly Namespace[] = ['common'],
): Promise<i18n> {
  if (!i18next.isInitialized) {
    await i18next
      .use(localeChunks)
      .use(initReactI18next)
      .init({
        lng: locale,
        // Every language has every key (tests/unit/core/locales.test.ts): no fallback to load.
        fallbackLng: false,
        supportedLngs: [...LOCALES],
        ns: [...namespaces],
        defaultNS: 'common',
        interpolation: { escapeValue: false },
        returnNull: false,
      });
  } else await i18next.loadNamespaces([...namespaces]);
  await setLanguage(locale);
  return i18next;
}

export async function setLanguage(locale: Locale, remember = false): Promise<void> {
  // Loads every namespace this page has used in the new language before showing it. The language
  // shown already is not set again: i18next would have every translated component render anew
  // (the shell did, twice, right after its first render on every page load).
  if (i18next.language !== locale) await i18next.changeLanguage(locale);
  document.documentElement.lang = locale;
  if (remember) localStorage.setItem(LOCALE_STORAGE_KEY, locale);
}

export { i18next };
