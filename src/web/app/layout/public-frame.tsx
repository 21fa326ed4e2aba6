// The frame of the light first-visit entry: brand, language menu and footer, without the parts
// that need a signed-in user (profile button, side panel) or the router.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Configuration } from '../../../core/types/entities/configuration';
import { ConsentManager } from '../../features/consent';
import { Footer } from './footer';
import { LanguageMenu } from './language-menu';

export function PublicFrame({
  configuration,
  children,
}: {
  configuration: Configuration;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { branding, supportedLocales } = configuration;
  return (
    <div className="app">
      <a href="#main" className="skip-link">
        {t('header.skipToContent')}
      </a>
      <header className="app-header">
        <div className="app-header__inner">
          <a href="/" className="app-header__brand">
            {branding.headerLogoEnabled && branding.logoUrl ? (
              // Not waited for by React's commit (header.tsx says why).
              <img className="app-header__logo" src={branding.logoUrl} alt="" loading="lazy" />
            ) : null}
            <span className="app-header__name">{branding.portalName}</span>
          </a>
          <div className="app-header__actions">
            {branding.hideLanguageMenu ? null : <LanguageMenu locales={supportedLocales} />}
          </div>
        </div>
      </header>
      <main id="main" className="app-main" tabIndex={-1}>
        {children}
      </main>
      <Footer branding={branding} />
      <ConsentManager branding={branding} />
    </div>
  );
}
