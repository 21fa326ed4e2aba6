// The console's language menu over a mocked API: a choice applies at once on every screen (the
// console's texts, <html lang>), is remembered in the browser before sign-in and becomes the
// staff member's stored language when they sign in; a stored language applies when they do.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleApp } from '../../../src/web/console/console-app';
import { CONSOLE_LOCALE_KEY, loadCatalog } from '../../../src/web/console/texts';
import { i18next, initI18n } from '../../../src/web/lib/i18n';
import { server } from '../support/server';

const API = '/master/console/v1';
const staff = { id: 's-1', email: 'ana@example.com', role: 'editor', language: null };

const renderConsole = () =>
  render(
    <MemoryRouter initialEntries={['/console']}>
      <ConsoleApp />
    </MemoryRouter>,
  );

// The console's entry starts i18next (the preview's labels) before it renders.
beforeAll(async () => {
  await initI18n('en');
});
afterEach(async () => {
  await Promise.all([loadCatalog('en'), i18next.changeLanguage('en')]);
  document.documentElement.lang = 'en';
});

describe('console language', () => {
  it('applies a choice at once, remembers it, and stores it for the member who signs in', async () => {
    const chosen: unknown[] = [];
    server.use(
      http.get(`${API}/whoami`, () => HttpResponse.json({ data: null })),
      http.post(`${API}/sign-in-attempts`, () =>
        HttpResponse.json({ data: { outcome: 'signed-in', staff } }),
      ),
      http.put(`${API}/account/language`, async ({ request }) => {
        const body = (await request.json()) as { language: string };
        chosen.push(body);
        return HttpResponse.json({ data: body });
      }),
      http.get(`${API}/countries`, () => HttpResponse.json({ data: [] })),
    );
    const user = userEvent.setup();
    renderConsole();
    await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' });

    await user.selectOptions(screen.getByLabelText('Language'), 'Deutsch');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Anmeldung für Mitarbeitende' }),
    ).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
    expect(screen.getByLabelText('Sprache')).toHaveValue('de');
    expect(localStorage.getItem(CONSOLE_LOCALE_KEY)).toBe('de');
    expect(chosen).toEqual([]);

    await user.type(screen.getByLabelText('E-Mail'), 'ana@example.com');
    await user.type(screen.getByLabelText('Passwort'), 'Quiet-harbour-2041');
    await user.type(screen.getByLabelText('Authenticator-Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Länder' })).toBeInTheDocument();
    expect(screen.getByText('ana@example.com (Redaktion)')).toBeInTheDocument();
    await waitFor(() => expect(chosen).toEqual([{ language: 'de' }]));

    // Signed in, a new choice is stored for the member too.
    await user.selectOptions(screen.getByLabelText('Sprache'), 'Español');
    expect(await screen.findByRole('heading', { level: 1, name: 'Países' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
    await waitFor(() => expect(chosen).toEqual([{ language: 'de' }, { language: 'es' }]));
  });

  it('opens in the signed-in member’s stored language', async () => {
    server.use(
      http.get(`${API}/whoami`, () => HttpResponse.json({ data: { ...staff, language: 'fr' } })),
      http.get(`${API}/countries`, () => HttpResponse.json({ data: [] })),
    );
    renderConsole();
    expect(await screen.findByRole('heading', { level: 1, name: 'Pays' })).toBeInTheDocument();
    expect(screen.getByLabelText('Langue')).toHaveValue('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(localStorage.getItem(CONSOLE_LOCALE_KEY)).toBe('fr');
  });
});
