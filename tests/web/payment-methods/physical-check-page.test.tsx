import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { PaymentMethod } from '../../../src/core/types/entities/payment-method';
import PhysicalCheckPage from '../../../src/web/features/payment-methods/components/physical-check-page';
import { profileWith } from '../support/server';
import {
  answer,
  apiError,
  bank,
  renderPaymentMethodPage,
  useApi,
} from '../support/payment-methods';

const URL = '/master/funnel/v1/payment-methods/physical-checks';
const withAddress = profileWith({
  addresses: [
    {
      id: 'a-1',
      addressLine1: '12 Main St',
      city: 'Springfield',
      state: 'IL',
      postalCode: '62701',
      countryCode: 'US',
    },
  ],
});
const check: PaymentMethod = {
  type: 'PHYSICAL_CHECK',
  physicalCheck: { id: '55555555-5555-4555-8555-555555555555', preferred: true },
};

const open = () =>
  renderPaymentMethodPage('/physical-check', '/physical-check', <PhysicalCheckPage />);

describe('physical check page', () => {
  it('shows the mailing address; the first method is asked for as preferred, then settings', async () => {
    useApi([], { profile: withAddress });
    const sent = answer('post', URL, () => HttpResponse.json({ data: check }));
    const user = userEvent.setup();
    await open();
    expect(await screen.findByText('12 Main St')).toBeInTheDocument();
    expect(screen.getByText('Springfield, IL 62701')).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add paper check' });
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);
    expect(await screen.findByTestId('location')).toHaveTextContent('/settings');
    expect(sent).toEqual([{ preferred: true }]);
  });

  it('with methods already there it is not asked for as preferred', async () => {
    useApi([bank()], { profile: withAddress });
    const sent = answer('post', URL, () => HttpResponse.json({ data: check }));
    const user = userEvent.setup();
    await open();
    const add = await screen.findByRole('button', { name: 'Add paper check' });
    // The button waits for the list, which says whether this is the first method.
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);
    expect(await screen.findByTestId('location')).toHaveTextContent('/settings');
    expect(sent).toEqual([{ preferred: false }]);
  });

  it('a server error shows and the page stays (no profile address: AddressRequired)', async () => {
    useApi([]);
    answer('post', URL, () =>
      apiError(
        400,
        'AddressRequired: a paper check is mailed to the profile address; add one first',
      ),
    );
    const user = userEvent.setup();
    await open();
    expect(await screen.findByText('Your profile has no address yet.')).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add paper check' });
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A paper check is mailed to your profile address: add an address to your profile first.',
    );
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('an unexpected failure shows the generic message', async () => {
    useApi([], { profile: withAddress });
    answer('post', URL, () => apiError(500, 'Internal Server Error'));
    const user = userEvent.setup();
    await open();
    const add = await screen.findByRole('button', { name: 'Add paper check' });
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again.',
    );
  });
});
