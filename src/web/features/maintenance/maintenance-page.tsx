// Shown when the configuration cannot be loaded; it retries, and the shell returns to root once
// loading succeeds. It may show before any translation could load (the configuration names the
// languages), so it speaks from its own texts (maintenance-texts.ts), in the language the person
// uses: the one showing, the remembered choice, else the browser's.
import { useCallback, useEffect } from 'react';
import { useGetConfigurationQuery } from '../../api/configuration-api';
import { earlyLocale } from '../../lib/i18n';
import { MAINTENANCE_TEXTS } from './maintenance-texts';

const RETRY_MS = 15_000;

export default function MaintenancePage() {
  const locale = earlyLocale();
  const texts = MAINTENANCE_TEXTS[locale];
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
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return (
    <main className="maintenance" id="main" lang={locale}>
      <section className="tile-page" aria-labelledby="maintenance-title">
        <h1 id="maintenance-title">{texts.title}</h1>
        <p>{texts.body}</p>
        <button type="button" className="button" onClick={retry}>
          {texts.retry}
        </button>
      </section>
    </main>
  );
}
