// The visitor's cookie choices, kept in this browser (localStorage): necessary cookies always,
// analytics and marketing only when chosen. Optional scripts ask here before they run.
export const CONSENT_KEY = 'payee-portal:consent';
export const CONSENT_VERSION = 1;
export const CONSENT_CHANGED = 'payee-portal:consent-changed';

export type OptionalCategory = 'analytics' | 'marketing';
export const OPTIONAL_CATEGORIES: readonly OptionalCategory[] = ['analytics', 'marketing'];

export interface ConsentChoices {
  version: number;
  analytics: boolean;
  marketing: boolean;
  decidedAt: string;
}

export function readConsent(storage: Storage = window.localStorage): ConsentChoices | null {
  try {
    const value = JSON.parse(storage.getItem(CONSENT_KEY) ?? 'null') as ConsentChoices | null;
    // Choices made for another version of the categories are asked again.
    return value?.version === CONSENT_VERSION ? value : null;
  } catch {
    return null;
  }
}

export function saveConsent(
  choices: Record<OptionalCategory, boolean>,
  storage: Storage = window.localStorage,
): ConsentChoices {
  const saved: ConsentChoices = {
    version: CONSENT_VERSION,
    ...choices,
    decidedAt: new Date().toISOString(),
  };
  storage.setItem(CONSENT_KEY, JSON.stringify(saved));
  window.dispatchEvent(new CustomEvent(CONSENT_CHANGED, { detail: saved }));
  return saved;
}

/** Whether an optional script of `category` may run: only after the visitor said yes. */
export const mayRun = (category: OptionalCategory, storage?: Storage): boolean =>
  readConsent(storage)?.[category] === true;

/**
 * Loads an optional script once its category is consented, now or when the visitor consents later;
 * never before. Returns a function that stops waiting.
 */
export function runWhenConsented(category: OptionalCategory, src: string): () => void {
  const load = () => {
    if (document.querySelector(`script[data-consent-src="${CSS.escape(src)}"]`)) return;
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.consentSrc = src;
    document.head.append(script);
  };
  if (mayRun(category)) {
    load();
    return () => undefined;
  }
  const onChange = () => {
    if (mayRun(category)) load();
  };
  window.addEventListener(CONSENT_CHANGED, onChange);
  return () => window.removeEventListener(CONSENT_CHANGED, onChange);
}
