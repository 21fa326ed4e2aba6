// /auth/login and /auth/logout in the real app: the browser leaves for the server's sign-in and
// sign-out pages with the portal's current language, so those pages speak it too.
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCALE_STORAGE_KEY } from '../../../src/web/lib/i18n';
import type * as Navigation from '../../../src/web/lib/navigation';
import { leaveTo } from '../../../src/web/lib/navigation';
import { renderApp } from '../support/render';
import { configuration, handlers, server } from '../support/server';

// jsdom cannot leave the page: the exit to a server page is recorded instead.
vi.mock('../../../src/web/lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof Navigation>()),
  leaveTo: vi.fn(),
}));

const { loginPagePath, logoutPagePath } = configuration.appConfig;

/** A visitor whose remembered language is `locale` (none when undefined). */
function visitor(locale?: string) {
  server.use(handlers.principal(false), handlers.loginPage(false));
  if (locale) localStorage.setItem(LOCALE_STORAGE_KEY, locale);
}

describe('login and logout redirects', () => {
  afterEach(() => vi.mocked(leaveTo).mockClear());

  it('sends the browser to the sign-in page with the target and the current language', async () => {
    visitor('es');
    await renderApp('/auth/login?redirectUrl=%2Fdashboard');
    await waitFor(() =>
      expect(leaveTo).toHaveBeenCalledWith(`${loginPagePath}?state=%2Fdashboard&lang=es`),
    );
    // Once, in the chosen language: never first in English.
    expect(leaveTo).toHaveBeenCalledTimes(1);
    expect(document.documentElement.lang).toBe('es');
  });

  it("passes the merchant's default language when none was chosen", async () => {
    visitor();
    await renderApp('/auth/login');
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith(`${loginPagePath}?state=%2F&lang=en`));
  });

  it('never carries an off-site target, only the language', async () => {
    visitor('fr');
    await renderApp('/auth/login?redirectUrl=%2F%2Fevil.example');
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith(`${loginPagePath}?state=%2F&lang=fr`));
  });

  it('sends the browser to the logout page with the current language', async () => {
    visitor('de');
    await renderApp('/auth/logout');
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith(`${logoutPagePath}?lang=de`));
  });
});
