import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import BankAccountPage from '../../../src/web/features/payment-methods/components/bank-account-page';
import { server } from '../support/server';
import { errorsOf } from '../support/schema-form';
import { answer, bank, renderPaymentMethodPage, useApi } from '../support/payment-methods';
import { configuration, profileWith } from '../support/server';

const URL = '/master/funnel/v1/payment-methods/bank-accounts';

async function fillUsAch(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: 'Account nickname' }), 'Checking');
  await user.click(screen.getByRole('radio', { name: 'Checking' }));
  await user.type(screen.getByRole('textbox', { name: 'Account number' }), '123456789');
  await user.type(
    screen.getByRole('textbox', { name: 'Account number confirmation' }),
    '123456789',
  );
  await user.type(screen.getByRole('textbox', { name: 'Routing number' }), '021000021');
}

/** The server refuses the account with one field error; the page opens and sends the form. */
async function sendRefused(error: Record<string, unknown>) {
  server.use(
    http.post(URL, () =>
      HttpResponse.json(
        { code: 400, message: `ValidationError: ${String(error.message)}`, errors: [error] },
        { status: 400 },
      ),
    ),
  );
  const user = userEvent.setup();
  await renderPaymentMethodPage('/bank-account', '/bank-account', <BankAccountPage />);
  await fillUsAch(user);
  await user.click(screen.getByRole('button', { name: 'Add bank account' }));
}

describe('bank account page', () => {
  it('creates the account from the form and returns to settings', async () => {
    useApi([]);
    let sent: unknown;
    server.use(
      http.post(URL, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ data: bank() });
      }),
    );
    const user = userEvent.setup();
    await renderPaymentMethodPage('/bank-account', '/bank-account', <BankAccountPage />);
    await fillUsAch(user);
    await user.click(screen.getByRole('button', { name: 'Add bank account' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/settings');
    expect(sent).toEqual({
      countryCode: 'US',
      transferMethod: 'ACH',
      nickname: 'Checking',
      accountType: 'CHECKING',
      accountNumber: '123456789',
      accountNumberConfirmation: '123456789',
      routingNumber: '021000021',
    });
  });

  it("shows the server's field error on its field and stays", async () => {
    useApi([]);
    await sendRefused({
      path: '/nickname',
      keyword: 'uniqueNickname',
      messageKey: 'uniqueNickname',
      message: 'This nickname is already used.',
    });
    const nickname = screen.getByRole('textbox', { name: 'Account nickname' });
    await screen.findAllByText(/Account nickname/);
    expect(nickname).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('says a transfer method the published rules no longer offer, though its field is hidden', async () => {
    useApi([]);
    await sendRefused({
      path: '/transferMethod',
      keyword: 'enum',
      messageKey: 'enum',
      params: { allowedValues: ['WIRE', 'RTP'] },
      message: 'Choose one of the listed options for Transfer method.',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(/Transfer method/);
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('edit prefills the shown fields, leaves the numbers empty and says so', async () => {
    useApi([bank()]);
    await renderPaymentMethodPage(
      '/bank-account/:id',
      '/bank-account/11111111-1111-4111-8111-111111111111',
      <BankAccountPage />,
    );
    expect(await screen.findByRole('textbox', { name: 'Account nickname' })).toHaveValue(
      'Main checking',
    );
    expect(screen.getByRole('textbox', { name: 'Account number' })).toHaveValue('');
    expect(screen.getByText(/leave the account number and IBAN fields empty/)).toBeInTheDocument();
    expect(within(document.body).getByRole('heading', { level: 1 })).toHaveTextContent(
      'Edit bank account',
    );
  });

  const ID = '11111111-1111-4111-8111-111111111111';
  const openEdit = () =>
    renderPaymentMethodPage('/bank-account/:id', `/bank-account/${ID}`, <BankAccountPage />);

  it('edit: the stored numbers may stay empty, each says what it keeps, and the PUT leaves them out', async () => {
    useApi([bank()]);
    const sent = answer('put', `${URL}/${ID}`, () => HttpResponse.json({ data: bank() }));
    const user = userEvent.setup();
    await openEdit();
    const nickname = await screen.findByRole('textbox', { name: 'Account nickname' });
    const account = screen.getByRole('textbox', { name: 'Account number' });
    expect(account).toHaveAccessibleDescription('Leave empty to keep *****6789.');
    expect(screen.getByRole('textbox', { name: 'Routing number' })).toHaveAccessibleDescription(
      'Leave empty to keep *****0021.',
    );
    expect(account).not.toBeRequired();
    await user.clear(nickname);
    await user.type(nickname, 'Daily');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/settings');
    expect(sent).toEqual([
      {
        countryCode: 'US',
        transferMethod: 'ACH',
        nickname: 'Daily',
        accountType: 'CHECKING',
        bankName: 'First Bank',
      },
    ]);
  });

  it('edit: a new account number is sent with its confirmation', async () => {
    useApi([bank()]);
    const sent = answer('put', `${URL}/${ID}`, () => HttpResponse.json({ data: bank() }));
    const user = userEvent.setup();
    await openEdit();
    await user.type(await screen.findByRole('textbox', { name: 'Account number' }), '55554444');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const confirmation = screen.getByRole('textbox', { name: 'Account number confirmation' });
    expect(errorsOf(confirmation)).toEqual(['Account number confirmation is required.']);
    await user.type(confirmation, '55554444');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/settings');
    expect(sent).toEqual([
      expect.objectContaining({
        accountNumber: '55554444',
        accountNumberConfirmation: '55554444',
      }),
    ]);
    expect(sent[0]).not.toHaveProperty('routingNumber');
  });

  it('edit: in another country the stored numbers are not kept, so they are required again', async () => {
    useApi([bank()]);
    const sent = answer('put', `${URL}/${ID}`, () => HttpResponse.json({ data: bank() }));
    const user = userEvent.setup();
    await openEdit();
    await screen.findByRole('textbox', { name: 'Account nickname' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'DE');
    const iban = await screen.findByRole('textbox', { name: 'IBAN' });
    expect(iban).not.toHaveAccessibleDescription(/Leave empty/);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(errorsOf(iban)).toEqual(['IBAN is required.']);
    expect(sent).toEqual([]);
  });

  describe('BIC derived from the IBAN', () => {
    const LOOKUP = '/master/funnel/v1/payment-methods/bic-lookup';
    const BICS: Record<string, string> = {
      DE89370400440532013000: 'COBADEFFXXX',
      DE84100100100532013000: 'PBNKDEFFXXX',
    };
    /** The lookup the server answers from its bank directory; every IBAN it was asked about. */
    const directory = () =>
      answer('post', LOOKUP, (body) =>
        HttpResponse.json({ data: { bic: BICS[(body as { iban: string }).iban] ?? null } }),
      );
    async function germanAccount(user: ReturnType<typeof userEvent.setup>) {
      await renderPaymentMethodPage('/bank-account', '/bank-account', <BankAccountPage />);
      await user.selectOptions(await screen.findByRole('combobox', { name: 'Country' }), 'DE');
      await user.type(await screen.findByRole('textbox', { name: 'Account nickname' }), 'Giro');
      return {
        iban: screen.getByRole('textbox', { name: 'IBAN' }),
        bic: screen.getByRole('textbox', { name: 'BIC (SWIFT code)' }),
      };
    }
    const NOTE = /Derived from the IBAN: please check that this is your bank’s BIC/;

    it('fills in the BIC of a valid IBAN, says where it came from, and sends it', async () => {
      useApi([]);
      const asked = directory();
      const sent = answer('post', URL, () => HttpResponse.json({ data: bank() }));
      const user = userEvent.setup();
      const { iban, bic } = await germanAccount(user);
      expect(bic).toHaveValue('');
      await user.type(iban, 'DE89 3704 0044 0532 0130 00');
      await waitFor(() => expect(bic).toHaveValue('COBADEFFXXX'));
      expect(bic).toHaveAccessibleDescription(NOTE);
      expect(asked).toEqual([{ iban: 'DE89370400440532013000' }]);
      await user.click(screen.getByRole('button', { name: 'Add bank account' }));
      expect(await screen.findByTestId('location')).toHaveTextContent('/settings');
      expect(sent).toEqual([
        expect.objectContaining({ iban: expect.stringMatching(/^DE89/), bic: 'COBADEFFXXX' }),
      ]);
    });

    it('follows a changed IBAN while the BIC is the derived one, and keeps a BIC the user typed', async () => {
      useApi([]);
      directory();
      const user = userEvent.setup();
      const { iban, bic } = await germanAccount(user);
      await user.type(iban, 'DE89370400440532013000');
      await waitFor(() => expect(bic).toHaveValue('COBADEFFXXX'));
      await user.clear(iban);
      await user.type(iban, 'DE84100100100532013000');
      await waitFor(() => expect(bic).toHaveValue('PBNKDEFFXXX'));
      expect(bic).toHaveAccessibleDescription(NOTE);
      // The user overwrites it: the note goes, and another IBAN no longer changes it.
      await user.clear(bic);
      await user.type(bic, 'DEUTDEFF');
      expect(bic).not.toHaveAccessibleDescription(NOTE);
      await user.clear(iban);
      await user.type(iban, 'DE89370400440532013000');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(bic).toHaveValue('DEUTDEFF');
      expect(screen.queryByText(NOTE)).not.toBeInTheDocument();
    });

    it('empties a derived BIC when another IBAN derives none', async () => {
      useApi([]);
      directory();
      const user = userEvent.setup();
      const { iban, bic } = await germanAccount(user);
      await user.type(iban, 'DE89370400440532013000');
      await waitFor(() => expect(bic).toHaveValue('COBADEFFXXX'));
      await user.clear(iban);
      await user.type(iban, 'DE44500105175407324931');
      await waitFor(() => expect(bic).toHaveValue(''));
      expect(screen.queryByText(NOTE)).not.toBeInTheDocument();
    });

    it('keeps a BIC typed before the IBAN, and suggests nothing for a bank it does not know', async () => {
      useApi([]);
      const asked = directory();
      const user = userEvent.setup();
      const { iban, bic } = await germanAccount(user);
      await user.type(bic, 'DEUTDEFF');
      await user.type(iban, 'DE89370400440532013000');
      await waitFor(() => expect(asked).toHaveLength(1));
      expect(bic).toHaveValue('DEUTDEFF');
      expect(screen.queryByText(NOTE)).not.toBeInTheDocument();
    });
  });

  it('offers only the transfer methods the merchant pays to', async () => {
    useApi([]);
    server.use(
      http.get('/master/funnel/v1/configs', () =>
        HttpResponse.json({ data: { ...configuration, payoutTypes: ['WIRE', 'Paypal'] } }),
      ),
    );
    await renderPaymentMethodPage('/bank-account', '/bank-account', <BankAccountPage />);
    await screen.findByRole('textbox', { name: 'Account nickname' });
    expect(screen.getByRole('radio', { name: 'Wire transfer' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: /ACH/ })).toBeNull();
    expect(screen.queryByRole('radio', { name: /RTP/ })).toBeNull();
  });

  describe("the beneficiary's address", () => {
    const KYIV_HOME = {
      id: 'a-1',
      addressType: 'RESIDENTIAL' as const,
      addressLine1: 'vul. Khreshchatyk 22',
      city: 'Kyiv',
      postalCode: '01001',
      countryCode: 'UA',
    };
    const LOOKUP = '/master/funnel/v1/payment-methods/bic-lookup';

    async function ukrainianWire(user: ReturnType<typeof userEvent.setup>) {
      await renderPaymentMethodPage('/bank-account', '/bank-account', <BankAccountPage />);
      await user.selectOptions(await screen.findByRole('combobox', { name: 'Country' }), 'UA');
      await user.type(await screen.findByRole('textbox', { name: 'Account nickname' }), 'Rakhunok');
      await user.type(
        screen.getByRole('textbox', { name: 'IBAN' }),
        'UA21 3223 1300 0002 6007 2335 6600 1',
      );
      await user.type(screen.getByRole('textbox', { name: 'BIC (SWIFT code)' }), 'EXBSUAUX');
    }

    it('is the profile address while the box is ticked, and is sent with the account', async () => {
      useApi([], { profile: profileWith({ addresses: [KYIV_HOME] }) });
      answer('post', LOOKUP, () => HttpResponse.json({ data: { bic: null } }));
      const sent = answer('post', URL, () => HttpResponse.json({ data: bank() }));
      const user = userEvent.setup();
      await ukrainianWire(user);
      const same = screen.getByRole('checkbox', { name: 'Same address as my profile' });
      expect(same).toBeChecked();
      expect(same).toHaveAccessibleDescription('vul. Khreshchatyk 22, Kyiv, 01001, Ukraine');
      expect(screen.queryByRole('textbox', { name: 'Address line 1' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Add bank account' }));
      expect(await screen.findByTestId('location')).toHaveTextContent('/settings');
      expect(sent).toEqual([
        expect.objectContaining({
          countryCode: 'UA',
          transferMethod: 'WIRE',
          addressLine1: 'vul. Khreshchatyk 22',
          addressCity: 'Kyiv',
          addressPostalCode: '01001',
          addressCountryCode: 'UA',
        }),
      ]);
    });

    it('is required for a wire to Ukraine: without it the form names the missing field', async () => {
      useApi([]);
      answer('post', LOOKUP, () => HttpResponse.json({ data: { bic: null } }));
      const sent = answer('post', URL, () => HttpResponse.json({ data: bank() }));
      const user = userEvent.setup();
      await ukrainianWire(user);
      // No profile address: no box, the fields show and are required.
      expect(screen.queryByRole('checkbox', { name: 'Same address as my profile' })).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Add bank account' }));
      expect(await screen.findAllByText('Address line 1 is required.')).not.toHaveLength(0);
      expect(screen.getByRole('textbox', { name: 'Address line 1' })).toHaveAccessibleDescription(
        /Address line 1 is required/,
      );
      expect(sent).toEqual([]);
    });
  });
});
