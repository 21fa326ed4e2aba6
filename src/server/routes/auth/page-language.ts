// The language of the server's sign-in and sign-out pages: the portal's choice (?lang= or the
// form's hidden input), else the browser's Accept-Language, else the merchant's default. The
// texts are the `signInPage` block of locales/<lng>/common.json, the portal's own strings.
import { interpolate, isLocale, lookup, type Locale } from '../../../core/i18n/messages';
import { loadCommon } from '../../../core/i18n/load-locales';
import type { Configuration } from '../../../core/types/entities/configuration';

/** Accept-Language tags by preference (q desc, then header order), each cut to its language. */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)?.[1]).find(Boolean);
      return {
        language: tag.trim().toLowerCase().split('-')[0] ?? '',
        q: q ? Number(q) : 1,
        index,
      };
    })
    .filter((entry) => entry.language && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.language);
}

/** The page's language among the merchant's supported locales. */
export function pageLocale(
  lang: unknown,
  acceptLanguage: string | undefined,
  configuration: Pick<Configuration, 'supportedLocales' | 'defaultLocale'>,
): Locale {
  const offered = (value: unknown): value is Locale =>
    isLocale(value) && configuration.supportedLocales.includes(value);
  if (offered(lang)) return lang;
  const accepted = acceptedLanguages(acceptLanguage).find(offered);
  if (accepted) return accepted;
  return isLocale(configuration.defaultLocale) ? configuration.defaultLocale : 'en';
}

const commonStrings = loadCommon;

export type PageText = (key: string, values?: Record<string, unknown>) => string;

/** `t` for the pages: signInPage.<key> in the locale, English when a key is missing there. */
export function pageText(locale: Locale): PageText {
  return (key, values = {}) => {
    const path = `signInPage.${key}`;
    const template =
      lookup(commonStrings(locale), path) ?? lookup(commonStrings('en'), path) ?? path;
    return interpolate(template, values);
  };
}

/** `t` over the whole common.json (footer.faq, ...), English when a key is missing there. */
export function commonText(locale: Locale): PageText {
  return (key, values = {}) =>
    interpolate(
      lookup(commonStrings(locale), key) ?? lookup(commonStrings('en'), key) ?? key,
      values,
    );
}
