// What the portal passes to the server's sign-in and sign-out pages (login-redirect.tsx,
// logout-redirect.tsx): the path to come back to and the portal's language.
import { isLocale } from '../../../lib/i18n';

/** Only same-site paths are carried through sign-in. */
export const sameSitePath = (value: string | null): string =>
  value && /^\/(?![/\\])/.test(value) ? value : '/';

/** `lang=<locale>` for a server page, only for a language the portal has. */
export const languageParam = (language: string | undefined): string =>
  isLocale(language) ? `lang=${language}` : '';
