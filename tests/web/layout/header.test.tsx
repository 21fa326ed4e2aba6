import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '../../../src/web/lib/i18n';
import { renderApp } from '../support/render';
import { handlers, server } from '../support/server';
import { configsWith } from '../support/configuration';

describe('header', () => {
  it('shows the portal name and logo linking to the root', async () => {
    await renderApp('/dashboard');
    const banner = await screen.findByRole('banner');
    const home = within(banner).getByRole('link', { name: 'Payee Portal' });
    expect(home).toHaveAttribute('href', '/');
    expect(home.querySelector('img')).toHaveAttribute('src', '/brand/demo-logo.svg');
  });

  it('leaves the logo out when the merchant turns it off', async () => {
    server.use(configsWith({ branding: { headerLogoEnabled: false } }));
    await renderApp('/dashboard');
    const home = within(await screen.findByRole('banner')).getByRole('link', {
      name: 'Payee Portal',
    });
    expect(home.querySelector('img')).toBeNull();
  });

  it('switches the language from the menu and keeps the choice in local storage', async () => {
    const user = userEvent.setup();
    await renderApp('/dashboard');
    const trigger = await screen.findByRole('button', { name: 'English, Language' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    await user.click(trigger);
    const items = screen.getAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual([
      'English',
      'Español',
      'Français',
      'Português',
      'Deutsch',
    ]);
    expect(screen.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await user.click(screen.getByRole('menuitemradio', { name: 'Español' }));

    await waitFor(() => expect(document.documentElement.lang).toBe('es'));
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('es');
    const spanish = await screen.findByRole('button', { name: 'Español, Idioma' });
    expect(spanish).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Política de privacidad' })).toBeInTheDocument();
    await user.click(spanish);
    expect(screen.getByRole('menuitemradio', { name: 'Español' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it('offers only the languages of the configuration', async () => {
    const user = userEvent.setup();
    server.use(configsWith({ supportedLocales: ['en', 'pt'] }));
    await renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'English, Language' }));
    expect(screen.getAllByRole('menuitemradio').map((item) => item.textContent)).toEqual([
      'English',
      'Português',
    ]);
  });

  it('is used with the keyboard alone: arrows, Home, End, Escape', async () => {
    const user = userEvent.setup();
    await renderApp('/dashboard');
    const trigger = await screen.findByRole('button', { name: 'English, Language' });
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: 'English' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: 'Español' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitemradio', { name: 'Deutsch' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: 'English' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitemradio', { name: 'Deutsch' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('menuitemradio', { name: 'English' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBeNull();
  });

  it('hides the language menu for a merchant that asks for it', async () => {
    server.use(configsWith({ branding: { hideLanguageMenu: true } }));
    await renderApp('/dashboard');
    await screen.findByRole('button', { name: 'Your profile' });
    expect(screen.queryByRole('button', { name: /Language/ })).not.toBeInTheDocument();
  });

  it('shows the profile button only to a signed-in user', async () => {
    server.use(handlers.principal(false), handlers.loginPage(false));
    await renderApp('/no-such-page');
    await screen.findByRole('heading', { name: 'Page not found' });
    expect(screen.queryByRole('button', { name: 'Your profile' })).not.toBeInTheDocument();
  });

  it("shows the user's initials on the profile button", async () => {
    await renderApp('/dashboard');
    const profile = await screen.findByRole('button', { name: 'Your profile' });
    await waitFor(() =>
      expect(profile.querySelector('.user-icon')).toHaveAttribute('data-initials', 'AL'),
    );
  });
});
