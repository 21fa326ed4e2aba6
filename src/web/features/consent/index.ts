export { ConsentManager, isConsentHost, PRIVACY_CHOICES_EVENT } from './consent-manager';
export { mayRun, runWhenConsented, readConsent } from './consent-store';
