import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { PaymentMethod } from '../../../src/core/types/entities/payment-method';
import PaypalPage from '../../../src/web/features/payment-methods/components/paypal-page';
import { answer, apiError, renderPage, useApi } from './support';

const URL = '/master/funnel/v1/payment-methods/paypal';
const STATE_KEY = 'paypal-connect-state';
// What the simulated PayPal connect page returns for ana@paypal.example.
const CODE = `SIM-${btoa('ana@paypal.example').replace(/=+$/, '')}`;

const paypal: PaymentMethod = {
  type: 'Paypal',
  paypal: {
    id: '44444444-4444-4444-8444-444444444444',
    email: 'ana@paypal.example',
    preferred: true,
  },
};

const returnFromPaypal = (state: string, code = CODE) =>
  renderPage(
    '/paypal',
    `/paypal?${new URLSearchParams({ code, state }).toString()}`,
    <PaypalPage />,
  );

describe('paypal page', () => {
  it('Connect keeps a state for the return; the return with the code posts /paypal and shows the account', async () => {
    const api = useApi([]);
    const sent = answer('post', URL, () => {
      api.methods = [paypal];
      return HttpResponse.json({ data: paypal });
    });
    const user = userEvent.setup();
    const first = await renderPage('/paypal', '/paypal', <PaypalPage />);
    // Leaving for the connect page: jsdom does not navigate, the state is what matters.
    await user.click(await screen.findByRole('button', { name: 'Connect PayPal' }));
    const state = sessionStorage.getItem(STATE_KEY);
    expect(state).toMatch(/^[0-9a-f-]{36}$/);
    first.unmount();

    await returnFromPaypal(state ?? '');
    expect(
      await screen.findByText('Connected PayPal account: ana@paypal.example'),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ authorizationCode: CODE }]);
    // The state is used once.
    expect(sessionStorage.getItem(STATE_KEY)).toBeNull();
  });

  it('a return this browser did not start is not exchanged', async () => {
    useApi([]);
    const sent = answer('post', URL, () => HttpResponse.json({ data: paypal }));
    sessionStorage.setItem(STATE_KEY, 'mine');
    await returnFromPaypal('someone-else');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The PayPal connection could not be confirmed. Please connect again.',
    );
    expect(sent).toEqual([]);
    // Once the list of payout methods has come back.
    expect(await screen.findByRole('button', { name: 'Connect PayPal' })).toBeInTheDocument();
  });

  it('MaxCountReached: says the account exists already', async () => {
    useApi([]);
    answer('post', URL, () =>
      apiError(
        409,
        'MaxCountReached: you can have one PayPal account; remove the current one first',
      ),
    );
    sessionStorage.setItem(STATE_KEY, 's-1');
    await returnFromPaypal('s-1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You already have this payout method; remove the current one first.',
    );
  });

  it('a code PayPal does not accept says to connect again', async () => {
    useApi([]);
    answer('post', URL, () =>
      apiError(400, 'PaypalAuthorizationFailed: PayPal did not accept the authorization', [
        {
          path: '/authorizationCode',
          keyword: 'paypal',
          messageKey: 'paypal.authorization',
          message: 'PayPal did not accept the authorization; connect again.',
        },
      ]),
    );
    sessionStorage.setItem(STATE_KEY, 's-1');
    await returnFromPaypal('s-1', 'SIM-bad');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'PayPal did not accept the connection. Please connect again.',
    );
  });

  it('field errors it cannot show (no form here) still give a message', async () => {
    useApi([]);
    answer('post', URL, () =>
      apiError(400, 'ValidationError: the body is not valid', [
        {
          path: '/authorizationCode',
          keyword: 'maxLength',
          messageKey: 'maxLength',
          message: 'Authorization code is too long.',
        },
      ]),
    );
    sessionStorage.setItem(STATE_KEY, 's-1');
    await returnFromPaypal('s-1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again.',
    );
  });
});
