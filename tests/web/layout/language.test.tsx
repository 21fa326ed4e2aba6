// The chosen language is the person's: chosen in the header menu while signed in, it is stored
// (PUT /me/language, the value every mail is written in); a stored language that differs from the
// portal's is what the portal shows once the person is signed in; the exchange-rate source is
// named in the interface language.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ExchangeRateDisplay } from '../../../src/web/components/exchange-rate-display';
import { i18next, LOCALE_STORAGE_KEY, setLanguage } from '../../../src/web/lib/i18n';
import { renderApp, renderWithProviders } from '../support/render';
import { handlers, profileWith, server, signedInHandlers } from '../support/server';

/** Records the languages the portal stores. */
function storedLanguages(): string[] {
  const stored: string[] = [];
  server.use(
    http.put('/master/funnel/v1/me/language', async ({ request }) => {
      const { language } = (await request.json()) as { language: string };
      stored.push(language);
      return HttpResponse.json({ data: { preferredLanguage: language } });
    }),
  );
  return stored;
}

describe('the person language', () => {
  it('stores the language chosen in the menu while signed in', async () => {
    const user = userEvent.setup();
    const stored = storedLanguages();
    await renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'English, Language' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Deutsch' }));
    await waitFor(() => expect(stored).toEqual(['de']));
    expect(await screen.findByRole('button', { name: 'Deutsch, Sprache' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('de');
  });

  it('stores nothing for a blocked account (the server would refuse it)', async () => {
    const user = userEvent.setup();
    const stored = storedLanguages();
    server.use(...signedInHandlers(profileWith({ status: 'LOCKED' })));
    await renderApp('/account-blocked');
    await user.click(await screen.findByRole('button', { name: 'English, Language' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Français' }));
    expect(await screen.findByRole('button', { name: 'Français, Langue' })).toBeInTheDocument();
    expect(stored).toEqual([]);
  });

  it("switches to the signed-in person's stored language, and remembers it", async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    server.use(handlers.profile(profileWith({ preferredLanguage: 'de' })));
    await renderApp('/dashboard');
    expect(await screen.findByRole('button', { name: 'Deutsch, Sprache' })).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('de'));
  });

  it('registers with the language the register page is shown in', async () => {
    const user = userEvent.setup();
    const sent: Record<string, unknown>[] = [];
    localStorage.setItem(LOCALE_STORAGE_KEY, 'de');
    server.use(
      handlers.principal(false),
      handlers.loginPage(false),
      http.get('/master/funnel/v1/tokens/:id', () =>
        HttpResponse.json({ data: { email: 'ana@example.com' } }),
      ),
      http.post('/master/funnel/v1/me', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ data: { id: 'p-9', status: 'CREATED' } });
      }),
    );
    await renderApp('/auth/register?claim_id=claim-1');
    const button = await screen.findByRole('button', { name: 'Konto erstellen' });
    const field = (id: string) => document.getElementById(id) as HTMLInputElement;
    await user.type(field('root_password'), 'Sunrise42river');
    await user.type(field('root_passwordConfirmation'), 'Sunrise42river');
    await user.click(screen.getByRole('checkbox', { name: /Nutzungsbedingungen/ }));
    await user.click(button);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ data: { preferredLanguage: 'de' } });
  });

  // Every page load sets the language it shows once more (the shell, once the profile is there):
  // set again, i18next would have every translated component on the page render anew.
  it('sets a language shown already without telling the components again', async () => {
    await setLanguage('fr');
    const changes: string[] = [];
    const record = (language: string) => changes.push(language);
    i18next.on('languageChanged', record);
    try {
      await setLanguage('fr', true);
      expect(changes).toEqual([]);
      expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('fr');
      expect(document.documentElement.lang).toBe('fr');
      await setLanguage('de');
      expect(changes).toEqual(['de']);
    } finally {
      i18next.off('languageChanged', record);
    }
  });

  it('names a known rate source in the interface language, an unknown one as it is', async () => {
    await renderWithProviders(
      <ExchangeRateDisplay
        sourceAmount="100.00"
        sourceCurrency="USD"
        targetAmount="92.10"
        targetCurrency="EUR"
        rate="0.921"
        asOf="2026-11-20T16:00:00Z"
        rateSource="Payee Portal reference rates (simulated feed)"
        rateSourceCode="PORTAL_REFERENCE_SIMULATED"
      />,
    );
    await setLanguage('de');
    expect(
      await screen.findByText('Quelle: Referenzkurse von Payee Portal (simulierter Feed)'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/reference rates/)).toBeNull();
  });

  it('shows a deployer source without a known code by its own name', async () => {
    await renderWithProviders(
      <ExchangeRateDisplay
        sourceAmount="100.00"
        sourceCurrency="USD"
        targetAmount="92.10"
        targetCurrency="EUR"
        rate="0.921"
        asOf="2026-11-20T16:00:00Z"
        rateSource="Banco Central"
        rateSourceCode="BANCO_CENTRAL"
      />,
    );
    expect(await screen.findByText('Source: Banco Central')).toBeInTheDocument();
  });
});
