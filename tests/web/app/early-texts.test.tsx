// Texts shown before the translations load speak the person's language: the shell's loading label
// while the configuration is on its way, and the maintenance page when it fails (the portal then
// has no configuration, so no translations: its texts are in code). This file never initialises
// i18next, as a first visit whose configuration is slow or failing has not.
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../locales/en/common.json';
import es from '../../../locales/es/common.json';
import fr from '../../../locales/fr/common.json';
import pt from '../../../locales/pt/common.json';
import de from '../../../locales/de/common.json';
import { AppRoutes } from '../../../src/web/app/router';
import { createStore } from '../../../src/web/app/store';
import { MAINTENANCE_TEXTS } from '../../../src/web/features/maintenance/maintenance-texts';
import { LOADING_LABELS } from '../../../src/web/lib/early-texts';
import { i18next, LOCALE_STORAGE_KEY } from '../../../src/web/lib/i18n';
import { server } from '../support/server';

const renderAt = (url: string) =>
  render(
    <Provider store={createStore()}>
      <MemoryRouter initialEntries={[url]}>
        <AppRoutes />
      </MemoryRouter>
    </Provider>,
  );

describe('texts before the translations', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('are the texts of locales/<lng>/common.json, in every language', () => {
    const common = { en, es, fr, pt, de };
    for (const [locale, texts] of Object.entries(common) as [keyof typeof common, typeof en][]) {
      expect(LOADING_LABELS[locale], locale).toBe(texts.common.loading);
      expect(MAINTENANCE_TEXTS[locale], locale).toEqual(texts.maintenance);
    }
  });

  it('labels the loading spinner in the remembered language while the configuration loads', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'de');
    // The configuration never answers: the shell waits with its spinner.
    server.use(http.get('/master/funnel/v1/configs', () => new Promise<Response>(() => {})));
    renderAt('/dashboard');
    expect(await screen.findByRole('status')).toHaveTextContent('Wird geladen…');
    expect(screen.queryByText(/Loading/)).toBeNull();
  });

  it('shows the maintenance page in the browser language when the configuration fails', async () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['de-DE', 'en'] });
    server.use(
      http.get('/master/funnel/v1/configs', () =>
        HttpResponse.json({ code: 500 }, { status: 500 }),
      ),
    );
    renderAt('/dashboard');
    expect(
      await screen.findByRole('heading', { name: 'Wir sind gleich zurück' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Jetzt erneut versuchen' })).toBeInTheDocument();
    expect(screen.getByText(/Das Portal wird gerade aktualisiert/)).toBeInTheDocument();
    expect(screen.queryByText(/right back/)).toBeNull();
    expect(i18next.isInitialized).toBeFalsy();
  });

  it('prefers the remembered choice to the browser language on the maintenance page', async () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['de-DE'] });
    localStorage.setItem(LOCALE_STORAGE_KEY, 'pt');
    server.use(
      http.get('/master/funnel/v1/configs', () =>
        HttpResponse.json({ code: 500 }, { status: 500 }),
      ),
    );
    renderAt('/settings');
    expect(await screen.findByRole('heading', { name: 'Voltamos já' })).toBeInTheDocument();
  });
});
