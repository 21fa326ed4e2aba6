import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Address } from '../../../src/core/types/entities/address';
import DebitCardPage from '../../../src/web/features/payment-methods/components/debit-card-page';
import {
  PAYOUT_ADDRESS_FIELDS,
  profileAddressValues,
} from '../../../src/web/features/payment-methods/components/payment-address';
import { profileWith } from '../support/server';
import { errorsOf } from '../support/schema-form';
import {
  answer,
  apiError,
  card,
  renderPaymentMethodPage,
  useApi,
} from '../support/payment-methods';

const URL = '/master/funnel/v1/payment-methods/debit-card';
const HOME: Address = {
  id: 'a-1',
  addressType: 'RESIDENTIAL',
  addressLine1: '12 Main St',
  city: 'Springfield',
  state: 'IL',
  postalCode: '62701',
  countryCode: 'US',
};
// A card that expires in three years: always in the future.
const YEAR = String((new Date().getFullYear() + 3) % 100).padStart(2, '0');

const open = () => renderPaymentMethodPage('/debit-card', '/debit-card', <DebitCardPage />);

async function fillCard(user: ReturnType<typeof userEvent.setup>, pan = '4111111111111111') {
  await user.type(await screen.findByRole('textbox', { name: 'Name on card' }), 'Ana Lima');
  await user.type(screen.getByRole('textbox', { name: 'Card number' }), pan);
  await user.type(screen.getByRole('textbox', { name: 'Card number confirmation' }), pan);
  await user.type(screen.getByRole('textbox', { name: 'Expiry date' }), `12${YEAR}`);
  await user.type(screen.getByLabelText(/Security code/), '123');
}

async function fillAddress(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Address line 1' }), '5 Oak Ave');
  await user.type(screen.getByRole('textbox', { name: 'City' }), 'Portland');
  await user.type(screen.getByRole('textbox', { name: 'State or province' }), 'OR');
  await user.type(screen.getByRole('textbox', { name: 'Postal code' }), '97201');
}

const CARD_FIELDS = {
  nameOnCard: 'Ana Lima',
  pan: '4111111111111111',
  panConfirmation: '4111111111111111',
  expiryDate: `12/${YEAR}`,
  cvc: '123',
};

describe('debit card page', () => {
  it('a card number failing the Luhn check shows its error under the card number, nothing is sent', async () => {
    useApi([]);
    const sent = answer('post', URL, () => HttpResponse.json({ data: card }));
    const user = userEvent.setup();
    await open();
    await fillCard(user, '4111111111111112');
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Add debit card' }));
    const pan = screen.getByRole('textbox', { name: 'Card number' });
    expect(errorsOf(pan)).toEqual(['This card number is not valid. Check it for typing mistakes.']);
    expect(pan).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it('a good card posts the form (16 digits, MM/YY, the address fields) and returns to settings', async () => {
    useApi([]);
    const sent = answer('post', URL, () => HttpResponse.json({ data: card }));
    const user = userEvent.setup();
    await open();
    // No profile address: no checkbox, the address is typed.
    await fillCard(user);
    expect(
      screen.queryByRole('checkbox', { name: 'Same address as my profile' }),
    ).not.toBeInTheDocument();
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Add debit card' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/settings');
    expect(sent).toEqual([
      {
        ...CARD_FIELDS,
        addressLine1: '5 Oak Ave',
        addressCity: 'Portland',
        addressState: 'OR',
        addressPostalCode: '97201',
        addressCountryCode: 'US',
      },
    ]);
  });

  it("puts the server's field error on its field and stays", async () => {
    useApi([]);
    answer('post', URL, () =>
      apiError(400, 'ValidationError: the debit card is not valid', [
        {
          path: '/pan',
          keyword: 'cardBrand',
          messageKey: 'cardBrand',
          message: 'Only Visa and Mastercard debit cards are accepted.',
        },
      ]),
    );
    const user = userEvent.setup();
    await open();
    await fillCard(user);
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Add debit card' }));
    const pan = screen.getByRole('textbox', { name: 'Card number' });
    await screen.findAllByText('Only Visa and Mastercard debit cards are accepted.');
    expect(errorsOf(pan)).toEqual(['Only Visa and Mastercard debit cards are accepted.']);
    // What was typed stays.
    expect(screen.getByRole('textbox', { name: 'Name on card' })).toHaveValue('Ana Lima');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('a server message without fields shows above the form', async () => {
    useApi([], { profile: profileWith({ addresses: [HOME] }) });
    answer('post', URL, () =>
      apiError(409, 'ProfileOnHold: payout methods cannot be changed while the profile is on hold'),
    );
    const user = userEvent.setup();
    await open();
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Add debit card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your profile is on hold: payout methods cannot be changed right now.',
    );
  });
});

describe('debit card billing address: same address as the profile', () => {
  it('maps the profile address to the form’s address fields', () => {
    expect(profileAddressValues(HOME, PAYOUT_ADDRESS_FIELDS)).toEqual({
      addressLine1: '12 Main St',
      addressCity: 'Springfield',
      addressState: 'IL',
      addressPostalCode: '62701',
      addressCountryCode: 'US',
    });
    // Every field is named, so a line 2 typed before does not stay behind the profile's address.
    expect(profileAddressValues(HOME, PAYOUT_ADDRESS_FIELDS)).toHaveProperty(
      'addressLine2',
      undefined,
    );
  });

  it('is ticked when the profile has an address: the fields are hidden and the profile’s are sent', async () => {
    useApi([], { profile: profileWith({ addresses: [HOME] }) });
    const sent = answer('post', URL, () => HttpResponse.json({ data: card }));
    const user = userEvent.setup();
    await open();
    const same = await screen.findByRole('checkbox', { name: 'Same address as my profile' });
    expect(same).toBeChecked();
    expect(same).toHaveAccessibleDescription('12 Main St, Springfield, IL 62701, United States');
    expect(screen.queryByRole('textbox', { name: 'Address line 1' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'City' })).not.toBeInTheDocument();
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Add debit card' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/settings');
    expect(sent).toEqual([
      {
        ...CARD_FIELDS,
        addressLine1: '12 Main St',
        addressCity: 'Springfield',
        addressState: 'IL',
        addressPostalCode: '62701',
        addressCountryCode: 'US',
      },
    ]);
  });

  it('unticked, the fields show pre-filled for editing; ticked again, the profile’s come back', async () => {
    useApi([], { profile: profileWith({ addresses: [HOME] }) });
    const sent = answer('post', URL, () => HttpResponse.json({ data: card }));
    const user = userEvent.setup();
    await open();
    await fillCard(user);
    await user.click(screen.getByRole('checkbox', { name: 'Same address as my profile' }));
    const city = screen.getByRole('textbox', { name: 'City' });
    expect(screen.getByRole('textbox', { name: 'Address line 1' })).toHaveValue('12 Main St');
    expect(city).toHaveValue('Springfield');
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('US');
    await user.clear(city);
    await user.type(city, 'Chicago');

    // Ticked again and unticked: the profile's city replaced the typed one.
    await user.click(screen.getByRole('checkbox', { name: 'Same address as my profile' }));
    expect(screen.queryByRole('textbox', { name: 'City' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Same address as my profile' }));
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Springfield');

    await user.clear(screen.getByRole('textbox', { name: 'City' }));
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Chicago');
    await user.click(screen.getByRole('button', { name: 'Add debit card' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/settings');
    expect(sent).toEqual([
      expect.objectContaining({ addressLine1: '12 Main St', addressCity: 'Chicago' }),
    ]);
  });

  it('a server error on an address field unticks the box and shows the field with its error', async () => {
    useApi([], { profile: profileWith({ addresses: [HOME] }) });
    answer('post', URL, () =>
      apiError(400, 'ValidationError: the debit card is not valid', [
        {
          path: '/addressPostalCode',
          keyword: 'pattern',
          messageKey: 'pattern',
          message: 'Postal code is not in the expected format.',
        },
      ]),
    );
    const user = userEvent.setup();
    await open();
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Add debit card' }));
    const postal = await screen.findByRole('textbox', { name: 'Postal code' });
    expect(screen.getByRole('checkbox', { name: 'Same address as my profile' })).not.toBeChecked();
    expect(postal).toHaveValue('62701');
    expect(postal).toHaveAttribute('aria-invalid', 'true');
  });
});
