// The console's words in the language the staff member chose (en, es, fr, pt, de). Each language
// is a catalog in catalogs/ with the shape of catalogs/en.ts; English is in the bundle (the
// default and the catalogs' shape), another language is its own chunk, loaded when chosen.
//
// `texts` is one object for the whole console, updated in place when the language changes, so
// the screens read `texts.country.save` (or `const T = texts.country` at the top of a module) as
// they render; the console's frame renders again after a change (console-app.tsx), and a value
// kept in a memo names the language among its dependencies (useConsoleLanguage).
import { createContext, useContext } from 'react';
import { isLocale, type Locale } from '../../core/i18n/locales';
import { en, type ConsoleTexts } from './catalogs/en';

export type { ConsoleTexts };

const catalogs: Record<Locale, () => Promise<ConsoleTexts>> = {
  en: () => Promise.resolve(en),
  es: () => import('./catalogs/es').then((m) => m.es),
  fr: () => import('./catalogs/fr').then((m) => m.fr),
  pt: () => import('./catalogs/pt').then((m) => m.pt),
  de: () => import('./catalogs/de').then((m) => m.de),
};

type Tree = Record<string, unknown>;
const isTree = (value: unknown): value is Tree =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A copy of a catalog whose nested objects stay the same objects for good. */
function copyOf(catalog: Tree): Tree {
  return Object.fromEntries(
    Object.entries(catalog).map(([key, value]) => [key, isTree(value) ? copyOf(value) : value]),
  );
}

/** Writes a catalog's texts into the live one, keeping its nested objects. */
function writeInto(target: Tree, catalog: Tree): void {
  for (const [key, value] of Object.entries(catalog)) {
    const kept = target[key];
    if (isTree(value) && isTree(kept)) writeInto(kept, value);
    else target[key] = isTree(value) ? copyOf(value) : value;
  }
}

export const texts = copyOf(en) as ConsoleTexts;
let current: Locale = 'en';

/** The language the console's texts are in now. */
export const consoleLocale = (): Locale => current;

/** Loads a language's catalog (once) and puts the console's texts in it. */
export async function loadCatalog(locale: Locale): Promise<void> {
  const catalog = await catalogs[locale]();
  writeInto(texts as unknown as Tree, catalog as unknown as Tree);
  current = locale;
}

/** Where the browser remembers the staff member's choice before they sign in. */
export const CONSOLE_LOCALE_KEY = 'payee-portal.console.locale';

/** The language chosen in this browser's console before, if any. */
export function rememberedConsoleLocale(): Locale | null {
  try {
    const stored = localStorage.getItem(CONSOLE_LOCALE_KEY);
    return isLocale(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The language to open the console in: the remembered choice, else the browser's, else English. */
export function initialConsoleLocale(): Locale {
  const stored = rememberedConsoleLocale();
  if (stored) return stored;
  const browser =
    typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return browser.map((tag) => tag.slice(0, 2).toLowerCase()).find(isLocale) ?? 'en';
}

export interface ConsoleLanguage {
  locale: Locale;
  /** Applies a language to the whole console (its texts, the preview's forms, <html lang>). */
  choose: (locale: Locale) => Promise<void>;
}

export const ConsoleLanguageContext = createContext<ConsoleLanguage>({
  locale: 'en',
  choose: async () => undefined,
});

export const useConsoleLanguage = (): ConsoleLanguage => useContext(ConsoleLanguageContext);
