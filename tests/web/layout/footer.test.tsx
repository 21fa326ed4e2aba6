import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../support/render';
import { server } from '../support/server';
import { configsWith } from './frame-support';

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
      ['FAQ', 'https://example.com/faq'],
      ['Support', 'mailto:support@example.com'],
      ['Terms of service', 'https://example.com/terms'],
      ['Privacy policy', 'https://example.com/privacy'],
      ['Accessibility', 'https://example.com/accessibility'],
    ]);
    expect(within(nav).getByRole('link', { name: 'FAQ' })).toHaveAttribute('target', '_blank');
    expect(within(nav).getByRole('link', { name: 'FAQ' })).toHaveAccessibleDescription(
      '(opens in a new tab)',
    );
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
