// The first page most visitors load, /auth/start, boots without the router and the store: it
// needs only the configuration, the language and a sign-in link, so it ships a fraction of the
// portal's JavaScript (budget: 90 KB gzipped). Every other path boots the full app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Configuration } from '../../core/types/entities/configuration';
import { readBootData } from '../lib/boot-data';
import { StartContent } from '../features/auth/components/start-content';
import { initI18n, pickLocale } from '../lib/i18n';
import { applyBranding } from './branding';
import { PublicFrame } from './layout/public-frame';

async function fetchConfiguration(): Promise<Configuration> {
  const response = await fetch('/master/funnel/v1/configs', {
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`configuration: ${response.status}`);
  return ((await response.json()) as { data: Configuration }).data;
}

export async function mountStartPage(root: HTMLElement): Promise<void> {
  // Written into the page by the server; fetched when it is not there (the Vite dev server).
  let configuration = readBootData()?.configuration;
  try {
    configuration ??= await fetchConfiguration();
  } catch {
    window.location.replace('/maintenance');
    return;
  }
  applyBranding(configuration.branding);
  // Only the common texts: the start page has no form, so no field labels or messages.
  await initI18n(pickLocale(configuration.supportedLocales, configuration.defaultLocale), [
    'common',
  ]);
  createRoot(root).render(
    <StrictMode>
      <PublicFrame configuration={configuration}>
        <StartContent branding={configuration.branding} search={window.location.search} />
      </PublicFrame>
    </StrictMode>,
  );
}
