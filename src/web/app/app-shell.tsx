// The frame around every route: the configuration gate (failure → /maintenance; the maintenance
// page returns to root once loading succeeds), branding and language from configuration, the
// layout, the frame's modals and, while signed in, the session behaviours.
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useGetConfigurationQuery } from '../api/configuration-api';
import { Spinner } from '../components/spinner';
import { loadingLabel } from '../lib/early-texts';
import { i18next, initI18n, pickLocale, setLanguage } from '../lib/i18n';
import { profileApi } from '../api/profile-api';
import { applyBranding, applyRememberedTheme } from './branding';
import { AppLayout } from './layout/app-layout';
import { SessionController } from '../features/session';

export function AppShell() {
  const location = useLocation();
  const configuration = useGetConfigurationQuery();
  // Ready at once when the app started the texts before its first render (app-entry.tsx).
  const [languageReady, setLanguageReady] = useState(() => i18next.isInitialized);
  const config = configuration.data;
  // The signed-in person's stored language (profile.preferredLanguage): the one the mails use.
  const { storedLanguage } = profileApi.endpoints.getProfile.useQueryState(undefined, {
    selectFromResult: ({ data }) => ({ storedLanguage: data?.preferredLanguage }),
  });

  useEffect(() => {
    if (config) applyBranding(config.branding);
  }, [config]);

  // The language: at start, and again once the signed-in profile is there or its stored language
  // changes (the person form); the stored one is remembered for the pages before the next sign-in.
  useEffect(() => {
    if (!config) return;
    const locale = pickLocale(config.supportedLocales, config.defaultLocale, storedLanguage);
    void initI18n(locale).then(async () => {
      if (locale === storedLanguage) await setLanguage(locale, true);
      setLanguageReady(true);
    });
  }, [config, storedLanguage]);

  const onMaintenance = location.pathname === '/maintenance';
  if (configuration.isError && !onMaintenance) return <Navigate to="/maintenance" replace />;
  if (configuration.isSuccess && onMaintenance) return <Navigate to="/" replace />;
  if (onMaintenance && !config) {
    applyRememberedTheme();
    // The maintenance page renders without configuration, in the remembered or browser language.
    return <Outlet />;
  }
  if (!config || !languageReady) return <Spinner label={loadingLabel()} />;
  return (
    <AppLayout configuration={config}>
      <SessionController />
      <Outlet />
    </AppLayout>
  );
}
