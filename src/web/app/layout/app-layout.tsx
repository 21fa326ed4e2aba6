// The frame of every screen: skip link, header, side panel, main content, footer and the global
// error modals. (The session modals come from the session feature.)
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Configuration } from '../../../core/types/entities/configuration';
import { ConsentManager } from '../../features/consent';
import { ErrorModals } from './error-modals';
import { Footer } from './footer';
import { Header } from './header';
import { SidePanel } from './side-panel';

export function AppLayout({
  configuration,
  children,
}: {
  configuration: Configuration;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const profileButtonRef = useRef<HTMLButtonElement>(null);
  const mainRef = useRef<HTMLElement>(null);
  return (
    <div className="app">
      <a
        href="#main"
        className="skip-link"
        onClick={(event) => {
          // Focus moves without touching the URL (a hash change would count as navigation).
          event.preventDefault();
          mainRef.current?.focus();
        }}
      >
        {t('header.skipToContent')}
      </a>
      <Header configuration={configuration} profileButtonRef={profileButtonRef} />
      <SidePanel configuration={configuration} returnFocusRef={profileButtonRef} />
      <main ref={mainRef} id="main" className="app-main" tabIndex={-1}>
        {children}
      </main>
      <Footer branding={configuration.branding} />
      <ConsentManager branding={configuration.branding} />
      <ErrorModals />
    </div>
  );
}
