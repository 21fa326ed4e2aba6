// What the server writes into the portal's HTML for the first render, so the portal shows a screen
// without first asking for it: the merchant's configuration and, for a signed-in visitor, who is
// signed in and their profile — the answers of GET /funnel/v1/configs, /auth-app/v1/principal and
// /funnel/v1/me at the moment the page was served, and on a page with a generated form the
// published rules' validators (GET /master/rules/validators). A JSON script element (never
// executed, so the CSP's script-src 'self' holds); the portal reads it once, and every later read
// asks the API.
import type { Configuration } from '../types/entities/configuration';
import type { Principal } from '../types/entities/principal';
import type { Profile } from '../types/entities/profile';
import type { PublishedValidators } from '../validation/precompiled';

export const BOOT_ELEMENT_ID = 'portal-boot';

export interface BootData {
  configuration: Configuration;
  /** Present when the request came with a live session. */
  principal?: Principal;
  /** Present with the principal, except on pages that do not load the user (static pages). */
  profile?: Profile;
  /** On a page whose first load shows a generated form: what its validators depend on. */
  validators?: PublishedValidators;
}

/**
 * The element's text: JSON with `<` escaped, so no value can close the script element (a name
 * holding "</script>" stays text).
 */
export const bootScriptText = (data: BootData): string =>
  JSON.stringify(data).replace(/</g, '\\u003c');
