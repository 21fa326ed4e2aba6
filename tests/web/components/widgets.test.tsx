import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ExchangeRateDisplay } from '../../../src/web/components/exchange-rate-display';
import { initialsOf } from '../../../src/web/lib/display-name';
import { UserIcon } from '../../../src/web/components/user-icon';
import { Section } from '../../../src/web/components/section';
import { TilePage } from '../../../src/web/components/tile-page';
import { DashboardPage } from '../../../src/web/components/dashboard-page';
import { TextWithLinks } from '../../../src/web/components/text-with-links';
import { setLanguage } from '../../../src/web/lib/i18n';
import { renderWithProviders } from '../support/render';

const quote = {
  sourceAmount: '1234.5',
  sourceCurrency: 'USD',
  targetAmount: '1135.74',
  targetCurrency: 'EUR',
  rate: '0.92',
  asOf: '2025-03-04T10:00:00Z',
};

describe('shared widgets', () => {
  it('shows a conversion with amounts, rate and date in the current language', async () => {
    await renderWithProviders(<ExchangeRateDisplay {...quote} />);
    const group = screen.getByRole('group', { name: 'Currency conversion' });
    expect(group).toHaveTextContent('$1,234.50');
    expect(group).toHaveTextContent('€1,135.74');
    expect(group).toHaveTextContent('1 USD = 0.92 EUR');
    expect(group).toHaveTextContent(/Rate as of Mar 4, 2025/);
  });

  it('shows no conversion, rate or rate date when the currency stays the same', async () => {
    await renderWithProviders(
      <ExchangeRateDisplay {...quote} targetAmount="1234.5" targetCurrency="USD" rate="1" />,
    );
    expect(screen.getByText('$1,234.50')).toBeVisible();
    expect(screen.getByText('Paid in USD: no conversion.')).toBeVisible();
    expect(screen.queryByRole('group', { name: 'Currency conversion' })).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/1 USD = 1 USD|Rate as of/);
  });

  it('formats the conversion in German after a language switch', async () => {
    await renderWithProviders(<ExchangeRateDisplay {...quote} />);
    await setLanguage('de');
    const group = await screen.findByRole('group', { name: 'Währungsumrechnung' });
    expect(group).toHaveTextContent('1.234,50 $');
    expect(group).toHaveTextContent('1.135,74 €');
    expect(group).toHaveTextContent('1 USD = 0,92 EUR');
    expect(group).toHaveTextContent(/Kurs vom 04\.03\.2025/);
  });

  it("names the ECB reference rate and its day (not a time) in the reader's language", async () => {
    await renderWithProviders(
      <ExchangeRateDisplay
        {...quote}
        asOf="2026-11-26T00:00:00.000Z"
        rateSource="European Central Bank reference rate"
        rateSourceCode="ECB"
      />,
    );
    await setLanguage('fr');
    const group = await screen.findByRole('group', { name: 'Conversion de devises' });
    expect(group).toHaveTextContent(
      'Taux au 26 nov. 2026 · Source : Taux de référence de la Banque centrale européenne',
    );
  });

  it('builds initials from the first and last name', async () => {
    expect(initialsOf('ana maria lima')).toBe('AL');
    expect(initialsOf('Émile')).toBe('É');
    expect(initialsOf('  ')).toBe('');
    const { container } = await renderWithProviders(<UserIcon name="Ana Lima" />);
    // Painted by CSS from the attribute: a picture of the name, hidden from assistive technology.
    const icon = container.querySelector('.user-icon');
    expect(icon).toHaveAttribute('data-initials', 'AL');
    expect(icon).toHaveAttribute('aria-hidden', 'true');
    expect(icon).toHaveTextContent('');
  });

  it('names a section by its heading', async () => {
    await renderWithProviders(
      <Section title="Payout methods" description="How you are paid">
        <p>body</p>
      </Section>,
    );
    expect(screen.getByRole('region', { name: 'Payout methods' })).toHaveTextContent('body');
  });

  it('renders a tile page 608px wide with the brand logo, and a dashboard page', async () => {
    // jsdom has no layout: load the portal's stylesheet and read the width rule the tile gets.
    const style = document.createElement('style');
    style.textContent = readFileSync(resolve(process.cwd(), 'src/web/styles/portal.css'), 'utf8');
    document.head.append(style);
    const { unmount } = await renderWithProviders(<TilePage title="Verify">x</TilePage>);
    const tile = screen.getByRole('region', { name: 'Verify' });
    const maxWidth = getComputedStyle(tile).maxWidth;
    const variable = /^var\((--[\w-]+)\)$/.exec(maxWidth)?.[1];
    const root = getComputedStyle(document.documentElement);
    expect(variable ? root.getPropertyValue(variable).trim() : maxWidth).toBe('608px');
    style.remove();
    expect(await screen.findByRole('presentation')).toHaveAttribute('src', '/brand/demo-logo.svg');
    unmount();
    await renderWithProviders(<DashboardPage title="Dashboard">y</DashboardPage>);
    expect(screen.getByRole('region', { name: 'Dashboard' })).toHaveClass('dashboard-page');
  });

  it('puts links into a translated sentence', async () => {
    await renderWithProviders(
      <TextWithLinks i18nKey="codeDialog.help" links={[{ href: 'https://help.example' }]} />,
    );
    const link = screen.getByRole('link', { name: 'contact support' });
    expect(link).toHaveAttribute('href', 'https://help.example');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link.parentElement).toHaveTextContent(/^Didn’t get a code\? .*contact support\.$/);
  });
});
