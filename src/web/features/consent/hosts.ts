// What the footer and the frames need to know about consent without loading the manager itself.
import type { Branding } from '../../../core/types/entities/branding';

/** Fired when the user asks for their privacy choices; the consent manager cancels it and opens. */
export const PRIVACY_CHOICES_EVENT = 'payee-portal:privacy-choices';

export const isConsentHost = (branding: Branding, hostname = window.location.hostname) =>
  (branding.consentHosts ?? []).includes(hostname);
