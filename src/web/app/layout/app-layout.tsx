// Header, main content and footer. (Side panel, menus and footer links: see header.tsx and footer.tsx.)
import type { ReactNode } from 'react';
import type { Configuration } from '../../../core/types/entities/configuration';

export function AppLayout({
  configuration,
  children,
}: {
  configuration: Configuration;
  children: ReactNode;
}) {
  return (
    <div className="app">
      <header className="app-header">
        <a href="/" className="app-header__brand">
          {configuration.branding.portalName}
        </a>
      </header>
      <main id="main" className="app-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
