import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { PaymentMethod } from '../../../src/core/types/entities/payment-method';
import type { Profile } from '../../../src/core/types/entities/profile';
import { renderApp } from '../support/render';
import { profileWith, server, signedInHandlers } from '../support/server';
import { configsWith } from '../support/configuration';

const bankAccount = (preferred: boolean, accountNumber: string): PaymentMethod => ({
  type: 'ACH',
  bankAccount: {
    id: `b-${accountNumber}`,
    nickname: 'Checking',
    preferred,
    transferMethod: 'ACH',
    countryCode: 'US',
    accountNumber,
  },
});

function methodsAre(methods: PaymentMethod[]) {
  const calls = { count: 0 };
  server.use(
    http.get('/master/funnel/v1/payment-methods', () => {
      calls.count += 1;
      return HttpResponse.json({ data: methods });
    }),
  );
  return calls;
}

async function openPanel(url: string, profile?: Profile) {
  if (profile) server.use(...signedInHandlers(profile));
  const user = userEvent.setup();
  const view = await renderApp(url);
  const button = await screen.findByRole('button', { name: 'Your profile' });
  await user.click(button);
  const panel = await screen.findByRole('dialog', { name: 'Your profile' });
  return { ...view, user, button, panel };
}

describe('side panel', () => {
  it('opens from the profile button with focus inside, and Escape closes it', async () => {
    const { user, button, panel } = await openPanel('/dashboard');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('is modal: Tab and Shift+Tab stay inside the panel', async () => {
    const { user, panel } = await openPanel('/dashboard');
    expect(panel).toHaveAttribute('aria-modal', 'true');
    const close = within(panel).getByRole('button', { name: 'Close profile panel' });
    const logout = await within(panel).findByRole('link', { name: 'Sign out' });
    await user.tab({ shift: true });
    expect(logout).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(logout).toHaveFocus();
  });

  it('closes with its close button', async () => {
    const { user, button } = await openPanel('/dashboard');
    await user.click(screen.getByRole('button', { name: 'Close profile panel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('closes when the user navigates', async () => {
    const { user, panel, router } = await openPanel('/dashboard');
    await user.click(within(panel).getByRole('link', { name: 'Settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes on navigation started elsewhere (e.g. the back button)', async () => {
    const { router } = await openPanel('/dashboard');
    await router.navigate('/dev');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it.each([
    ['ACTIVATED', '/dashboard', ['Dashboard', 'Settings']],
    ['ON_HOLD', '/dashboard', ['Dashboard', 'Settings']],
    ['GUARDIAN_CONSENT_PENDING', '/dashboard', ['Dashboard']],
    ['VERIFIED', '/dev', []],
    ['ID_PROOFING_PENDING', '/dev', []],
  ] as const)('for status %s links to %j', async (status, url, links) => {
    const { panel } = await openPanel(url, profileWith({ status }));
    await within(panel).findByText('Ana Lima');
    const nav = within(panel).getByRole('navigation', { name: 'Account' });
    expect(
      within(nav)
        .queryAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(links);
    expect(within(panel).getByRole('link', { name: 'Sign out' })).toHaveAttribute(
      'href',
      '/auth/logout',
    );
  });

  it('shows a person in three groups: name; email and phones; address', async () => {
    const { panel } = await openPanel(
      '/dashboard',
      profileWith({
        person: { firstName: 'Ana', middleName: 'Maria', lastName: 'Lima' },
        phones: [
          { number: '+14155550123', phoneType: 'CELL' },
          { number: '+33612345678', phoneType: 'WORK' },
        ],
        addresses: [
          {
            addressLine1: '1 Main St',
            city: 'Springfield',
            state: 'IL',
            postalCode: '62701',
            countryCode: 'US',
          },
        ],
      }),
    );
    await within(panel).findByText('Ana Maria Lima');
    // Phones in the spec's North American form, others grouped as their country does.
    await within(panel).findByText('+1 415-555-0123');
    const groups = panel.querySelectorAll('.contact-group');
    expect([...groups].map((g) => [...g.children].map((line) => line.textContent))).toEqual([
      ['Ana Maria Lima'],
      ['ana@example.com', '+1 415-555-0123', '+33 6 12 34 56 78'],
      ['1 Main St', 'Springfield, IL 62701', 'United States'],
    ]);
  });

  it('shows a company by its name, and an undefined profile by its email alone', async () => {
    const { panel } = await openPanel(
      '/dashboard',
      profileWith({ profileType: 'COMPANY', person: undefined, company: { name: 'Lima Ltd' } }),
    );
    await within(panel).findByText('Lima Ltd');
    expect(within(panel).getByText('ana@example.com')).toBeInTheDocument();
  });

  it('shows an undefined profile by its email alone', async () => {
    const { panel } = await openPanel(
      '/dashboard',
      profileWith({ profileType: 'UNDEFINED', person: undefined }),
    );
    await within(panel).findByText('ana@example.com');
    expect([...panel.querySelectorAll('.contact-group')].map((g) => g.textContent)).toEqual([
      'ana@example.com',
    ]);
  });

  it('summarises the preferred payout method', async () => {
    methodsAre([bankAccount(false, '****1111'), bankAccount(true, '*****6789')]);
    const { panel } = await openPanel('/dashboard');
    expect(await within(panel).findByText('Bank account •••• 6789')).toBeInTheDocument();
  });

  it('summarises a preferred debit card with its expiry', async () => {
    methodsAre([
      {
        type: 'DEBIT_CARD',
        debitCard: {
          id: 'c-1',
          brand: 'VISA',
          last4: '4242',
          expirationMonth: 8,
          expirationYear: 2029,
          preferred: true,
        },
      },
    ]);
    const { panel } = await openPanel('/dashboard');
    expect(await within(panel).findByText('Visa •••• 4242 08/29')).toBeInTheDocument();
  });

  it('hides the payout summary while the registration code is on and the token cookie is "null"', async () => {
    server.use(configsWith({ businessRules: { UserRegistrationOTPEnabled: true } }));
    const calls = methodsAre([bankAccount(true, '*****6789')]);
    document.cookie = 'token=null; Path=/';
    // The access-code check skips the verify-account page, so the cookie stays as it is.
    const { panel } = await openPanel('/registration/verify-account');
    await within(panel).findByText('Ana Lima');
    expect(within(panel).queryByText('Preferred payout method')).not.toBeInTheDocument();
    expect(within(panel).queryByText(/6789/)).not.toBeInTheDocument();
    expect(calls.count).toBe(0);
  });

  it('shows the payout summary when the registration code is on but the token cookie is set', async () => {
    server.use(configsWith({ businessRules: { UserRegistrationOTPEnabled: true } }));
    methodsAre([bankAccount(true, '*****6789')]);
    document.cookie = 'token=p-1; Path=/';
    const { panel } = await openPanel('/registration/verify-account');
    expect(await within(panel).findByText('Bank account •••• 6789')).toBeInTheDocument();
  });

  it('shows the payout summary when the token cookie is "null" but the registration code is off', async () => {
    methodsAre([bankAccount(true, '*****6789')]);
    document.cookie = 'token=null; Path=/';
    const { panel } = await openPanel('/registration/verify-account');
    expect(await within(panel).findByText('Bank account •••• 6789')).toBeInTheDocument();
  });
});
