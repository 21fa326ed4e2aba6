// The cookie-consent manager on a consent host: a banner until the visitor chooses, choices kept in
// this browser, "Your Privacy Choices" opening the preferences, optional scripts waiting for a yes;
// a merchant's own consent script instead when the merchant names one.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { readConsent, runWhenConsented } from '../../../src/web/features/consent/consent-store';
import { configsWith } from '../support/configuration';
import { renderApp } from '../support/render';
import { server } from '../support/server';

const onThisHost = (branding: Record<string, unknown> = {}) =>
  server.use(configsWith({ branding: { consentHosts: ['localhost'], ...branding } }));

describe('cookie consent', () => {
  afterEach(() => {
    window.localStorage.clear();
    document.head
      .querySelectorAll('script[data-consent-src], script[data-consent-manager]')
      .forEach((s) => s.remove());
  });

  it('asks once with a banner, keeps the choice, and lets the footer link change it', async () => {
    onThisHost();
    const user = userEvent.setup();
    await renderApp('/dashboard');
    const banner = await screen.findByRole('region', { name: 'Cookies on this portal' });
    await user.click(within(banner).getByRole('button', { name: 'Necessary only' }));
    expect(screen.queryByRole('region', { name: 'Cookies on this portal' })).toBeNull();
    expect(readConsent()).toMatchObject({ analytics: false, marketing: false });

    await user.click(screen.getByRole('link', { name: /Your Privacy Choices/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Your Privacy Choices' });
    const analytics = within(dialog).getByRole('checkbox', { name: 'Analytics' });
    expect(analytics).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /Necessary/ })).toBeDisabled();
    await user.click(analytics);
    await user.click(within(dialog).getByRole('button', { name: 'Save my choices' }));
    expect(readConsent()).toMatchObject({ analytics: true, marketing: false });
  });

  it('does not ask again once the visitor chose', async () => {
    onThisHost();
    window.localStorage.setItem(
      'payee-portal:consent',
      JSON.stringify({ version: 1, analytics: true, marketing: true, decidedAt: '2026-01-01' }),
    );
    await renderApp('/dashboard');
    await screen.findByRole('contentinfo');
    expect(screen.queryByRole('region', { name: 'Cookies on this portal' })).toBeNull();
  });

  it('runs an optional script only after its category is consented', async () => {
    onThisHost();
    const user = userEvent.setup();
    const stop = runWhenConsented('analytics', '/analytics.js');
    try {
      await renderApp('/dashboard');
      expect(document.querySelector('script[data-consent-src="/analytics.js"]')).toBeNull();
      await user.click(await screen.findByRole('button', { name: 'Accept all' }));
      expect(document.querySelector('script[data-consent-src="/analytics.js"]')).not.toBeNull();
    } finally {
      stop();
    }
  });

  it("loads the merchant's own consent script instead, bound to its integrity hash, and no banner of ours", async () => {
    const integrity = `sha384-${'A'.repeat(64)}`;
    onThisHost({
      consentScriptUrl: 'https://consent.example/cmp.js',
      consentScriptIntegrity: integrity,
    });
    await renderApp('/dashboard');
    await waitFor(() =>
      expect(
        document.querySelector('script[data-consent-manager="merchant"]')?.getAttribute('src'),
      ).toBe('https://consent.example/cmp.js'),
    );
    const script = document.querySelector<HTMLScriptElement>('script[data-consent-manager]');
    // Without both, a changed script at that URL would run on the portal's origin.
    expect(script?.integrity).toBe(integrity);
    expect(script?.crossOrigin).toBe('anonymous');
    expect(screen.queryByRole('region', { name: 'Cookies on this portal' })).toBeNull();
  });

  it('shows nothing on a host without a consent configuration', async () => {
    await renderApp('/dashboard');
    await screen.findByRole('contentinfo');
    expect(screen.queryByRole('region', { name: 'Cookies on this portal' })).toBeNull();
  });
});
