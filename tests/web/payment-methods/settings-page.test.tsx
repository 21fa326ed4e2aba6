import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import SettingsPage from '../../../src/web/app/screens/settings-screen';
import { profileWith } from '../support/server';
import {
  bank,
  card,
  renderPaymentMethodPage,
  useApi,
  zelleAwaiting,
} from '../support/payment-methods';

const open = () => renderPaymentMethodPage('/settings', '/settings', <SettingsPage />);

describe('settings page', () => {
  it('names a transfer method as the account’s country does: a euro-area wire is a SEPA transfer', async () => {
    const sepa = bank({
      id: '33333333-3333-4333-8333-333333333333',
      nickname: 'Wiener Konto',
      preferred: false,
      transferMethod: 'WIRE',
      countryCode: 'AT',
      accountNumber: undefined,
      routingNumber: undefined,
      bankName: undefined,
    });
    const ukraine = bank({
      id: '44444444-4444-4444-8444-444444444444',
      nickname: 'Rakhunok',
      preferred: false,
      transferMethod: 'WIRE',
      countryCode: 'UA',
      accountNumber: undefined,
      routingNumber: undefined,
      bankName: undefined,
    });
    useApi([
      bank(),
      { ...sepa, type: 'WIRE' } as typeof sepa,
      { ...ukraine, type: 'WIRE' } as typeof sepa,
    ]);
    await open();
    const vienna = await screen.findByRole('listitem', { name: 'Wiener Konto' });
    expect(within(vienna).getByText('Transfer method: SEPA transfer')).toBeInTheDocument();
    const kyiv = screen.getByRole('listitem', { name: 'Rakhunok' });
    expect(within(kyiv).getByText('Transfer method: Wire transfer')).toBeInTheDocument();
  });

  it('lists each payout method with its preview details, the preferred badge and the types to add', async () => {
    useApi([bank(), card]);
    await open();
    const account = await screen.findByRole('listitem', { name: 'Main checking' });
    expect(within(account).getByText('Account *****6789')).toBeInTheDocument();
    expect(within(account).getByText('Routing *****0021')).toBeInTheDocument();
    expect(within(account).getByText('First Bank · Transfer method: ACH')).toBeInTheDocument();
    expect(within(account).getByText('Preferred')).toBeInTheDocument();
    const debit = screen.getByRole('listitem', { name: 'Debit card' });
    expect(within(debit).getByText('Visa •••• 1111 03/31')).toBeInTheDocument();
    expect(within(debit).queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(account).getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/bank-account/11111111-1111-4111-8111-111111111111',
    );
    expect(await screen.findByText('Ana Lima')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit profile' })).toHaveAttribute(
      'href',
      '/registration/personal-info',
    );
    // ACH and WIRE are one bank-account entry.
    expect(await screen.findByRole('link', { name: 'Bank account' })).toHaveAttribute(
      'href',
      '/bank-account',
    );
    expect(screen.getAllByRole('link', { name: 'Bank account' })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'PayPal' })).toHaveAttribute('href', '/paypal');
    expect(screen.queryByRole('link', { name: 'Zelle' })).not.toBeInTheDocument();
  });

  it('sends a company to its company information to edit the profile', async () => {
    useApi([bank()], {
      profile: profileWith({
        status: 'ACTIVATED',
        profileType: 'COMPANY',
        company: { name: 'Lima Trading LLC', residency: 'US' },
      }),
    });
    await open();
    expect(await screen.findByRole('link', { name: 'Edit profile' })).toHaveAttribute(
      'href',
      '/registration/company-info',
    );
  });

  it("hides the bank's transfer method line when flowType is 'rs'", async () => {
    useApi([bank()], { flowType: 'rs' });
    await open();
    const account = await screen.findByRole('listitem', { name: 'Main checking' });
    // The configuration is loaded before the list shows its cards.
    await waitFor(() =>
      expect(within(account).queryByText(/Transfer method/)).not.toBeInTheDocument(),
    );
    expect(within(account).getByText('Account *****6789')).toBeInTheDocument();
  });

  it('Prefer calls the API and the reloaded list moves the badge', async () => {
    const api = useApi([bank(), card]);
    const user = userEvent.setup();
    await open();
    const debit = await screen.findByRole('listitem', { name: 'Debit card' });
    await user.click(within(debit).getByRole('button', { name: 'Make preferred' }));
    await waitFor(() => expect(within(debit).getByText('Preferred')).toBeInTheDocument());
    expect(api.calls).toContainEqual({
      method: 'POST',
      url: '/master/funnel/v1/payment-methods/preferred',
      body: { id: '22222222-2222-4222-8222-222222222222' },
    });
    const account = screen.getByRole('listitem', { name: 'Main checking' });
    expect(within(account).queryByText('Preferred')).not.toBeInTheDocument();
    expect(within(account).getByRole('button', { name: 'Make preferred' })).toBeInTheDocument();
  });

  it('Delete asks first, calls the API and the list reloads without the method', async () => {
    const api = useApi([bank(), card]);
    const user = userEvent.setup();
    await open();
    const debit = await screen.findByRole('listitem', { name: 'Debit card' });
    await user.click(within(debit).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this payout method?' });
    expect(api.calls).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Debit card' })).not.toBeInTheDocument(),
    );
    expect(api.calls).toEqual([
      {
        method: 'DELETE',
        url: '/master/funnel/v1/payment-methods/debit-card/22222222-2222-4222-8222-222222222222',
        body: undefined,
      },
    ]);
    expect(screen.getByRole('listitem', { name: 'Main checking' })).toBeInTheDocument();
  });

  it('while the profile is ON_HOLD, offers no Delete and no Edit profile, each withheld with a sentence', async () => {
    useApi([bank(), card], { profile: profileWith({ status: 'ON_HOLD' }) });
    await open();
    expect(
      await screen.findByText(
        'Your profile is on hold: payout methods cannot be deleted until the hold is lifted.',
      ),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        'While your account is on hold your profile cannot be changed; contact support if a detail is wrong.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Ana Lima')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit profile' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    // What a hold still allows stays offered: edit, prefer, add.
    const account = await screen.findByRole('listitem', { name: 'Main checking' });
    expect(within(account).getByRole('link', { name: 'Edit' })).toBeInTheDocument();
    const debit = screen.getByRole('listitem', { name: 'Debit card' });
    expect(within(debit).getByRole('button', { name: 'Make preferred' })).toBeEnabled();
    expect(await screen.findByRole('link', { name: 'Bank account' })).toBeInTheDocument();
  });

  it('an ACTIVATED profile gets Delete and Edit profile, with no sentence about a hold', async () => {
    useApi([bank(), card]);
    await open();
    const account = await screen.findByRole('listitem', { name: 'Main checking' });
    expect(within(account).getByRole('button', { name: 'Delete' })).toBeEnabled();
    expect(await screen.findByRole('link', { name: 'Edit profile' })).toBeInTheDocument();
    expect(screen.queryByText(/on hold/)).not.toBeInTheDocument();
  });

  it('shows a UK account with its sort code and BIC beside the masked number', async () => {
    useApi([
      bank({
        countryCode: 'GB',
        routingNumber: undefined,
        sortCode: '200000',
        bic: 'BARCGB22',
        accountNumber: '•••• 1234',
        transferMethod: 'WIRE',
      }),
    ]);
    await open();
    const account = await screen.findByRole('listitem', { name: 'Main checking' });
    expect(within(account).getByText('Account •••• 1234')).toBeInTheDocument();
    expect(within(account).getByText('Sort code 200000')).toBeInTheDocument();
    expect(within(account).getByText('BIC BARCGB22')).toBeInTheDocument();
  });

  it('a method a payment in progress goes to says so and offers neither Edit nor Delete', async () => {
    useApi([{ ...bank(), lockedByClaim: true }, card]);
    await open();
    const account = await screen.findByRole('listitem', { name: 'Main checking' });
    expect(
      within(account).getByText('Locked: a payment in progress goes here'),
    ).toBeInTheDocument();
    expect(
      within(account).getByText(
        'A payment in progress goes to this payout method, so it cannot be changed or removed until the payment is made.',
      ),
    ).toBeInTheDocument();
    expect(within(account).queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(account).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('a Zelle token awaiting its code shows Verify (to /zelle) instead of Prefer', async () => {
    useApi([bank(), zelleAwaiting]);
    await open();
    const zelle = await screen.findByRole('listitem', { name: 'Zelle' });
    expect(within(zelle).getByText('Zelle token ana@example.com')).toBeInTheDocument();
    expect(within(zelle).getByText('Awaiting confirmation code')).toBeInTheDocument();
    expect(within(zelle).getByRole('link', { name: 'Verify' })).toHaveAttribute('href', '/zelle');
    expect(within(zelle).queryByRole('button', { name: 'Make preferred' })).not.toBeInTheDocument();
  });
});
