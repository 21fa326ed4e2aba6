// /static/<name>: the merchant's terms, privacy policy and FAQ, from configuration, in the reader's
// language, for a visitor who has not signed in (the register form links to the terms).
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../../src/web/lib/i18n';
import { renderApp } from '../support/render';
import { handlers, server } from '../support/server';

describe('static pages', () => {
  it('shows the terms to a visitor without an account, in French', async () => {
    server.use(handlers.principal(false));
    const { router } = await renderApp('/static/terms');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms of service' }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Payouts' })).toBeVisible();
    await setLanguage('fr');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Conditions d’utilisation' }),
    ).toBeVisible();
    expect(screen.getByText(/Vous pouvez supprimer votre compte/)).toBeVisible();
    // Not sent to sign in: the page is public.
    expect(router.state.location.pathname).toBe('/static/terms');
    await waitFor(() => expect(document.title).toMatch(/^Conditions d’utilisation · /));
  });

  it('answers an unknown page with the not-found page', async () => {
    server.use(handlers.principal(false));
    await renderApp('/static/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});
