// The cookie-consent manager (spec sections 2 and 9) on the merchant's consent hosts: by default
// the portal's own — a banner until the visitor chooses, a preferences dialog that "Your Privacy
// Choices" opens, choices kept in this browser and asked for by optional scripts before they run —
// or, when the merchant names one (branding.consentScriptUrl), the merchant's script, which the
// CSP allows for that merchant only.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Branding } from '../../../core/types/entities/branding';
import { Modal } from '../../components/modal';
import { readConsent, saveConsent, type OptionalCategory } from './consent-store';
import { PRIVACY_CHOICES_EVENT } from './hosts';

// The integrity hash is required with the URL (branding schema): the browser refuses bytes that
// differ from what the merchant configured, so a changed script never runs on our origin.
function MerchantConsentScript({ src, integrity }: { src: string; integrity: string }) {
  useEffect(() => {
    if (document.querySelector(`script[data-consent-manager]`)) return;
    const script = document.createElement('script');
    script.src = src;
    script.integrity = integrity;
    script.crossOrigin = 'anonymous';
    script.async = true;
    script.dataset.consentManager = 'merchant';
    document.head.append(script);
  }, [src, integrity]);
  return null;
}

type Choices = Record<OptionalCategory, boolean>;
const NONE: Choices = { analytics: false, marketing: false };
const ALL: Choices = { analytics: true, marketing: true };

function PortalConsent() {
  const { t } = useTranslation();
  const [decided, setDecided] = useState(() => readConsent() !== null);
  const [dialog, setDialog] = useState(false);
  const [draft, setDraft] = useState<Choices>(() => {
    const saved = readConsent();
    return saved ? { analytics: saved.analytics, marketing: saved.marketing } : NONE;
  });

  useEffect(() => {
    const open = (event: Event) => {
      event.preventDefault();
      const saved = readConsent();
      setDraft(saved ? { analytics: saved.analytics, marketing: saved.marketing } : NONE);
      setDialog(true);
    };
    window.addEventListener(PRIVACY_CHOICES_EVENT, open);
    return () => window.removeEventListener(PRIVACY_CHOICES_EVENT, open);
  }, []);

  const decide = (choices: Choices) => {
    saveConsent(choices);
    setDraft(choices);
    setDecided(true);
    setDialog(false);
  };

  return (
    <>
      {decided ? null : (
        <section className="consent-banner" aria-labelledby="consent-banner-title">
          <h2 id="consent-banner-title" className="consent-banner__title">
            {t('consent.title')}
          </h2>
          <p>{t('consent.body')}</p>
          <div className="consent-banner__actions">
            <button type="button" className="button" onClick={() => decide(ALL)}>
              {t('consent.acceptAll')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => decide(NONE)}>
              {t('consent.necessaryOnly')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setDialog(true)}
            >
              {t('consent.choose')}
            </button>
          </div>
        </section>
      )}
      <Modal
        open={dialog}
        title={t('footer.privacyChoices')}
        onClose={() => setDialog(false)}
        actions={
          <>
            <button type="button" className="button" onClick={() => decide(draft)}>
              {t('consent.save')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => decide(ALL)}>
              {t('consent.acceptAll')}
            </button>
          </>
        }
      >
        <p>{t('consent.dialogBody', { link: t('footer.privacyChoices') })}</p>
        <fieldset className="consent-categories">
          <legend className="visually-hidden">{t('consent.categories')}</legend>
          <label className="schema-form__check">
            <input type="checkbox" checked disabled aria-describedby="consent-necessary" />
            <span>{t('consent.necessary')}</span>
          </label>
          <p id="consent-necessary" className="schema-form__hint">
            {t('consent.necessaryHelp')}
          </p>
          {(['analytics', 'marketing'] as const).map((category) => (
            <div key={category}>
              <label className="schema-form__check">
                <input
                  type="checkbox"
                  checked={draft[category]}
                  aria-describedby={`consent-${category}`}
                  onChange={(event) => setDraft({ ...draft, [category]: event.target.checked })}
                />
                <span>{t(`consent.${category}`)}</span>
              </label>
              <p id={`consent-${category}`} className="schema-form__hint">
                {t(`consent.${category}Help`)}
              </p>
            </div>
          ))}
        </fieldset>
      </Modal>
    </>
  );
}

export default function ConsentManager({ branding }: { branding: Branding }) {
  if (branding.consentScriptUrl && branding.consentScriptIntegrity)
    return (
      <MerchantConsentScript
        src={branding.consentScriptUrl}
        integrity={branding.consentScriptIntegrity}
      />
    );
  return <PortalConsent />;
}
