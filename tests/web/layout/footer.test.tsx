import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../../src/web/lib/i18n';
import { renderApp } from '../support/render';
import { server } from '../support/server';
import { configsWith } from '../support/configuration';

describe('footer', () => {
  it("shows the powered-by block, free text and the merchant's links", async () => {
    await renderApp('/dashboard');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByText('Powered by')).toBeInTheDocument();
    expect(within(footer).getByText('Payee Portal')).toBeInTheDocument();
    expect(
      within(footer).getByText('Acme Refunds pays claims on behalf of its merchants.'),
    ).toBeInTheDocument();
    const nav = within(footer).getByRole('navigation', { name: 'Legal and help' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['FAQ', '/static/faq'],
      ['Support', 'mailto:support@example.com'],
      ['Terms of service', '/static/terms'],
      ['Privacy policy', '/static/privacy'],
      ['Accessibility', 'https://example.com/accessibility'],
    ]);
    // The merchant's own pages open in the portal; another site in a new tab.
    expect(within(nav).getByRole('link', { name: 'FAQ' })).not.toHaveAttribute('target');
    const other = within(nav).getByRole('link', { name: 'Accessibility' });
    expect(other).toHaveAttribute('target', '_blank');
    expect(other).toHaveAccessibleDescription('(opens in a new tab)');
  });

  it("speaks the reader's language, the merchant's own texts included", async () => {
    await renderApp('/dashboard');
    // The reader switches once the page is shown (the app settles its language as it starts).
    const footer = await screen.findByRole('contentinfo');
    await screen.findByRole('heading', { level: 1 });
    await setLanguage('fr');
    expect(
      await within(footer).findByText(
        'Acme Refunds règle les créances pour le compte de ses commerçants.',
      ),
    ).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: /^Accessibilité/ })).toHaveAttribute(
      'href',
      'https://example.com/accessibility',
    );
    expect(within(footer).queryByText(/Accessibility|on behalf of/)).toBeNull();
  });

  it('shows the powered-by logo when configured', async () => {
    server.use(
      configsWith({
        branding: {
          footer: { poweredByLogoUrl: '/brand/powered.svg', poweredByCompanyName: 'Payee Portal' },
        },
      }),
    );
    await renderApp('/dashboard');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('img', { name: 'Payee Portal' })).toHaveAttribute(
      'src',
      '/brand/powered.svg',
    );
    expect(within(footer).queryByRole('link', { name: 'FAQ' })).not.toBeInTheDocument();
  });

  it("has no 'Your Privacy Choices' link on a host without a consent configuration", async () => {
    server.use(configsWith({ branding: { consentHosts: ['nightfall.localhost'] } }));
    await renderApp('/dashboard');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).queryByRole('link', { name: /Your Privacy Choices/ })).toBeNull();
  });

  it("shows 'Your Privacy Choices' on a consent host", async () => {
    expect(window.location.hostname).toBe('localhost');
    server.use(configsWith({ branding: { consentHosts: ['localhost'] } }));
    await renderApp('/dashboard');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: /Your Privacy Choices/ })).toBeInTheDocument();
  });
});
