// How the console writes a moment, in the staff member's language: "3 Mar 2025, 14:05" in
// English (British, whatever the browser), "3. März 2025, 14:05" in German.
import { consoleLocale } from './texts';

const TAGS = { en: 'en-GB', es: 'es-ES', fr: 'fr-FR', pt: 'pt-BR', de: 'de-DE' } as const;

export const when = (iso: string): string =>
  new Date(iso).toLocaleString(TAGS[consoleLocale()], { dateStyle: 'medium', timeStyle: 'short' });
