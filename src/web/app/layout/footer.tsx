// The portal footer (spec section 2): powered-by block, the merchant's free text and links (FAQ,
// support, terms, privacy, one custom link), and "Your Privacy Choices" on hosts that load a
// cookie-consent tool.
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Branding } from '../../../core/types/entities/branding';
import { footerTexts } from '../../../core/i18n/merchant-texts';
import { NEW_TAB_HINT_ID, newTabProps } from '../../components/external-link';
import { isConsentHost, PRIVACY_CHOICES_EVENT } from '../../features/consent/hosts';

function FooterLink({ href, children }: { href: string; children: string }) {
  return (
    <li>
      <a href={href} className="app-footer__link" {...newTabProps(href)}>
        {children}
      </a>
    </li>
  );
}

export function Footer({ branding }: { branding: Branding }) {
  const { t, i18n } = useTranslation();
  const footer = branding.footer ?? {};
  // The merchant's own words in the reader's language (branding.footer.translations).
  const own = footerTexts(footer, i18n.language);
  const links = [
    { href: footer.faqUrl, label: t('footer.faq') },
    { href: footer.supportUrl, label: t('footer.support') },
    { href: footer.termsUrl, label: t('footer.terms') },
    { href: footer.privacyUrl, label: t('footer.privacy') },
    { href: footer.customLink?.url, label: own.customLinkName ?? '' },
  ].filter((link): link is { href: string; label: string } => !!link.href && !!link.label);

  const openPrivacyChoices = (event: MouseEvent<HTMLAnchorElement>) => {
    // The consent tool cancels the event when it shows its own dialog; otherwise the link falls
    // back to the privacy policy.
    const handled = !window.dispatchEvent(
      new CustomEvent(PRIVACY_CHOICES_EVENT, { cancelable: true }),
    );
    if (handled || !footer.privacyUrl) event.preventDefault();
  };

  const poweredBy = footer.poweredByLogoUrl || footer.poweredByCompanyName;
  return (
    <footer className="app-footer">
      <div className="app-footer__inner">
        <div className="app-footer__about">
          {poweredBy ? (
            <p className="app-footer__powered">
              <span className="app-footer__powered-label">{t('footer.poweredBy')}</span>
              {footer.poweredByLogoUrl ? (
                <img
                  className="app-footer__powered-logo"
                  src={footer.poweredByLogoUrl}
                  // Below the screen's content; and React's commit does not wait for it.
                  loading="lazy"
                  alt={footer.poweredByCompanyName ?? ''}
                />
              ) : (
                <span className="app-footer__powered-name">{footer.poweredByCompanyName}</span>
              )}
            </p>
          ) : null}
          {own.freeText ? <p className="app-footer__text">{own.freeText}</p> : null}
        </div>
        {links.length || isConsentHost(branding) ? (
          <nav className="app-footer__nav" aria-label={t('footer.links')}>
            <ul className="app-footer__links">
              {links.map((link) => (
                <FooterLink key={link.href + link.label} href={link.href}>
                  {link.label}
                </FooterLink>
              ))}
              {isConsentHost(branding) ? (
                <li>
                  <a
                    href={footer.privacyUrl ?? '#'}
                    className="app-footer__link app-footer__privacy-choices"
                    onClick={openPrivacyChoices}
                  >
                    <svg aria-hidden="true" viewBox="0 0 30 14" width="30" height="14">
                      <rect
                        x="1"
                        y="1"
                        width="28"
                        height="12"
                        rx="6"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="1.5"
                      />
                      <circle cx="21" cy="7" r="4" fill="currentColor" />
                      <path d="M5 7l2 2 3-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
                    </svg>
                    {t('footer.privacyChoices')}
                  </a>
                </li>
              ) : null}
            </ul>
          </nav>
        ) : null}
      </div>
      <span id={NEW_TAB_HINT_ID} hidden>
        {t('footer.newTab')}
      </span>
    </footer>
  );
}
