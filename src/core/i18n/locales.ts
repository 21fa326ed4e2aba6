// The portal's languages, in the order its language menu lists them: the one list the portal, the
// server, the mails and the rules console read.
export const LOCALES = ['en', 'es', 'fr', 'pt', 'de'] as const;
export type Locale = (typeof LOCALES)[number];
export const isLocale = (value: unknown): value is Locale =>
  (LOCALES as readonly unknown[]).includes(value);

/** Each language's name for itself (not translated: a reader looks for their own language). */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  pt: 'Português',
  de: 'Deutsch',
};
