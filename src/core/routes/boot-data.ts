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
import { isStaticPath } from './static-path';

export const BOOT_ELEMENT_ID = 'portal-boot';

/**
 * The configuration as a page carries it. The merchant's static pages (terms, privacy, FAQ, each
 * in every language: 60-80% of the configuration's bytes) only on the static screen that shows
 * them; every other page goes without, and the static screen reached from there asks the API.
 */
export function bootConfiguration(configuration: Configuration, pathname: string): Configuration {
  if (isStaticPath(pathname) || !configuration.staticPages) return configuration;
  const { staticPages: _omitted, ...rest } = configuration;
  return rest;
}

export interface BootData {
  /** Without its static pages except on a static page's (bootConfiguration). */
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
