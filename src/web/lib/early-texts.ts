// Texts shown before the translations can be there: the loading label of the shell's first frame
// and of a screen whose code is loading. In code, in every language, so they never fall back to
// English; tests/web/app/early-texts.test.tsx keeps them equal to locales/<lng>/common.json.
import { earlyLocale, type Locale } from './i18n';

/** common.loading of each language. */
export const LOADING_LABELS: Record<Locale, string> = {
  en: 'Loading…',
  es: 'Cargando…',
  fr: 'Chargement…',
  pt: 'Carregando…',
  de: 'Wird geladen…',
};

/** "Loading…" in the stored, remembered or browser language. */
export const loadingLabel = (): string => LOADING_LABELS[earlyLocale()];
