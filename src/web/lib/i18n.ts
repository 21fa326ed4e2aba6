// i18next with the repository's locales/ (common UI strings, field labels, validation messages).
// Each language is its own chunk, loaded when chosen; the choice is kept in local storage.
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LOCALES = ['en', 'es', 'fr', 'pt', 'de'] as const;
export type Locale = (typeof LOCALES)[number];
export const LOCALE_STORAGE_KEY = 'payee-portal.locale';
export const NAMESPACES = ['common', 'fields', 'validation'] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** The namespaces this page loads: the light start page asks for `common` alone (no forms). */
let wanted: readonly Namespace[] = NAMESPACES;

const bundles = import.meta.glob<{ default: Record<string, unknown> }>('../../../locales/*/*.json');

export const isLocale = (value: unknown): value is Locale =>
  (LOCALES as readonly unknown[]).includes(value);

async function loadLanguage(instance: i18n, locale: Locale): Promise<void> {
  await Promise.all(
    wanted.map(async (ns) => {
      if (instance.hasResourceBundle(locale, ns)) return;
      const load = bundles[`../../../locales/${locale}/${ns}.json`];
      if (load) instance.addResourceBundle(locale, ns, (await load()).default, true, true);
    }),
  );
}

/** The stored choice when the merchant offers it, else the merchant's default, else English. */
export function pickLocale(supported: readonly string[], fallback: string): Locale {
  const stored =
    typeof localStorage === 'undefined' ? null : localStorage.getItem(LOCALE_STORAGE_KEY);
  if (isLocale(stored) && supported.includes(stored)) return stored;
  return isLocale(fallback) ? fallback : 'en';
}

export async function initI18n(
  locale: Locale = 'en',
  namespaces: readonly Namespace[] = NAMESPACES,
): Promise<i18n> {
  wanted = namespaces;
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: locale,
      fallbackLng: 'en',
      ns: [...namespaces],
      defaultNS: 'common',
      resources: {},
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  await loadLanguage(i18next, 'en');
  await setLanguage(locale);
  return i18next;
}

export async function setLanguage(locale: Locale, remember = false): Promise<void> {
  await loadLanguage(i18next, locale);
  await i18next.changeLanguage(locale);
  document.documentElement.lang = locale;
  if (remember) localStorage.setItem(LOCALE_STORAGE_KEY, locale);
}

export { i18next };
