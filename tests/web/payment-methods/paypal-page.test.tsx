import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentMethod } from '../../../src/core/types/entities/payment-method';
import PaypalPage from '../../../src/web/features/payment-methods/components/paypal-page';
import type * as Navigation from '../../../src/web/lib/navigation';
import { leaveTo } from '../../../src/web/lib/navigation';
import { answer, apiError, renderPaymentMethodPage, useApi } from '../support/payment-methods';

// jsdom cannot leave the page: the exit to PayPal is recorded instead.
vi.mock('../../../src/web/lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof Navigation>()),
  leaveTo: vi.fn(),
}));

const AUTHORIZATION_URL = '/master/funnel/v1/payment-methods/paypal/authorization-url';
// What the server answers: PayPal's authorize page with our client, scopes, return URL and state.
const PAYPAL_URL =
  'https://www.sandbox.paypal.com/signin/authorize?client_id=app&response_type=code' +
  '&scope=openid+email+https%3A%2F%2Furi.paypal.com%2Fservices%2Fpaypalattributes' +
  '&redirect_uri=https%3A%2F%2Fportal.example%2Fmaster%2Ffunnel%2Fv1%2Fpayment-methods%2Fpaypal%2Fcallback' +
  '&state=s-1';

const paypal: PaymentMethod = {
  type: 'Paypal',
  paypal: {
    id: '44444444-4444-4444-8444-444444444444',
    email: 'ana@paypal.example',
    preferred: true,
  },
};

describe('paypal page', () => {
  afterEach(() => vi.mocked(leaveTo).mockClear());

  it('Connect asks the server for the authorization URL and leaves for it', async () => {
    useApi([]);
    const asked = answer('post', AUTHORIZATION_URL, () =>
      HttpResponse.json({ data: { url: PAYPAL_URL } }),
    );
    const user = userEvent.setup();
    await renderPaymentMethodPage('/paypal', '/paypal', <PaypalPage />);
    await user.click(await screen.findByRole('button', { name: 'Connect PayPal' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith(PAYPAL_URL));
    expect(asked).toHaveLength(1);
    // Leaving: no second click.
    expect(screen.queryByRole('button', { name: 'Connect PayPal' })).toBeNull();
  });

  it('back from PayPal: shows the connected account', async () => {
    useApi([paypal]);
    await renderPaymentMethodPage('/paypal', '/paypal', <PaypalPage />);
    expect(
      await screen.findByText('Connected PayPal account: ana@paypal.example'),
    ).toBeInTheDocument();
  });

  it.each([
    ['PaypalStateMismatch', 'The PayPal connection could not be confirmed. Please connect again.'],
    ['PaypalStateReused', 'This PayPal connection was already used. Please connect again.'],
    [
      'PaypalEmailUnverified',
      'Your PayPal account has no confirmed email address or is not verified. Confirm it at PayPal, then connect again.',
    ],
    ['PaypalAuthorizationFailed', 'PayPal did not accept the connection. Please connect again.'],
    ['SomethingElse', 'Something went wrong. Please try again.'],
  ])(
    'a refusal of the callback (%s) is said in words, and Connect is offered again',
    async (name, text) => {
      useApi([]);
      await renderPaymentMethodPage('/paypal', `/paypal?error=${name}`, <PaypalPage />);
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      expect(await screen.findByRole('button', { name: 'Connect PayPal' })).toBeInTheDocument();
    },
  );

  it('MaxCountReached when asking for the URL: says the account exists already, stays', async () => {
    useApi([]);
    answer('post', AUTHORIZATION_URL, () =>
      apiError(
        409,
        'MaxCountReached: you can have one PayPal account; remove the current one first',
      ),
    );
    const user = userEvent.setup();
    await renderPaymentMethodPage('/paypal', '/paypal', <PaypalPage />);
    await user.click(await screen.findByRole('button', { name: 'Connect PayPal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You already have this payout method; remove the current one first.',
    );
    expect(leaveTo).not.toHaveBeenCalled();
  });
});
