// Shown when the configuration cannot be loaded; it retries, and the shell returns to root once
// loading succeeds.
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetConfigurationQuery } from '../configuration/api/configuration-api';

const RETRY_MS = 15_000;

export default function MaintenancePage() {
  const { t } = useTranslation();
  const { refetch } = useGetConfigurationQuery();
  const retry = useCallback(() => {
    try {
      void refetch();
    } catch {
      // RTK Query refuses to refetch a query whose subscription has not started yet (a click in
      // the first moment): that start is itself the fetch the user asked for.
    }
  }, [refetch]);
  useEffect(() => {
    const timer = window.setInterval(retry, RETRY_MS);
    return () => window.clearInterval(timer);
  }, [retry]);
  return (
    <main className="maintenance" id="main">
      <section className="tile-page" aria-labelledby="maintenance-title">
        <h1 id="maintenance-title">{t('maintenance.title', 'We will be right back')}</h1>
        <p>
          {t(
            'maintenance.body',
            'The portal is being updated. This page will continue by itself as soon as it is available again.',
          )}
        </p>
        <button type="button" className="button" onClick={retry}>
          {t('maintenance.retry', 'Try again now')}
        </button>
      </section>
    </main>
  );
}
