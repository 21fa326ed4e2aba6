// The frame around every route: the configuration gate (failure → /maintenance; the maintenance
// page returns to root once loading succeeds), branding and language from configuration, the
// layout, the frame's modals and, while signed in, the session behaviours.
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useGetConfigurationQuery } from '../features/configuration/api/configuration-api';
import { Spinner } from '../components/spinner';
import { i18next, initI18n, pickLocale } from '../lib/i18n';
import { applyBranding, applyRememberedTheme } from './branding';
import { AppLayout } from './layout/app-layout';
import { SessionController } from '../features/session';

export function AppShell() {
  const location = useLocation();
  const configuration = useGetConfigurationQuery();
  // Ready at once when the app started the texts before its first render (app-entry.tsx).
  const [languageReady, setLanguageReady] = useState(() => i18next.isInitialized);
  const config = configuration.data;

  useEffect(() => {
    if (!config) return;
    applyBranding(config.branding);
    void initI18n(pickLocale(config.supportedLocales, config.defaultLocale)).then(() =>
      setLanguageReady(true),
    );
  }, [config]);

  const onMaintenance = location.pathname === '/maintenance';
  if (configuration.isError && !onMaintenance) return <Navigate to="/maintenance" replace />;
  if (configuration.isSuccess && onMaintenance) return <Navigate to="/" replace />;
  if (onMaintenance && !config) {
    applyRememberedTheme();
    // The maintenance page renders without configuration (English until a language can load).
    return <Outlet />;
  }
  if (!config || !languageReady) return <Spinner label="Loading" />;
  return (
    <AppLayout configuration={config}>
      <SessionController />
      <Outlet />
    </AppLayout>
  );
}
