import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CountryVariantForm, transferMethodsFor } from '../../../src/web/components/schema-form';
import { renderWithProviders } from '../support/render';

async function setup(
  props: { initialCountry?: string; initialMethod?: string; formId?: string } = {},
) {
  const user = userEvent.setup();
  const onSubmit = vi.fn();
  await renderWithProviders(
    <CountryVariantForm
      formId={props.formId ?? 'bank-account'}
      initialCountry={props.initialCountry ?? 'US'}
      initialMethod={props.initialMethod ?? 'ACH'}
      countries={['US', 'DE', 'GB', 'KE']}
      onSubmit={onSubmit}
      submitLabel="Save"
    />,
  );
  await screen.findByRole('button', { name: 'Save' });
  return { user, onSubmit };
}

const methodsShown = () =>
  within(screen.getByRole('group', { name: 'Transfer method' }))
    .getAllByRole('radio')
    .map((r) => (r as HTMLInputElement).value);

describe('CountryMethodPicker', () => {
  it('lists the transfer methods of the precompiled manifest', () => {
    const none = new Map<string, string[]>();
    expect(transferMethodsFor('US', none)).toEqual(['ACH', 'WIRE', 'RTP']);
    expect(transferMethodsFor('DE', none)).toEqual(['WIRE']);
    expect(transferMethodsFor('CA', none)).toEqual(['ACH', 'WIRE']);
    // A country without rules of its own gets the generic variant's methods.
    expect(transferMethodsFor('KE', none)).toEqual(['WIRE']);
  });

  it("lists the published rules' methods where they differ from the build", () => {
    // KE created in the console with ACH and RTP; the US without WIRE.
    const published = new Map([
      ['KE', ['ACH', 'RTP']],
      ['US', ['ACH', 'RTP']],
    ]);
    expect(transferMethodsFor('KE', published)).toEqual(['ACH', 'RTP']);
    expect(transferMethodsFor('US', published)).toEqual(['ACH', 'RTP']);
    expect(transferMethodsFor('DE', published)).toEqual(['WIRE']);
    expect(transferMethodsFor('ZA', published)).toEqual(['WIRE']);
    // The generic rule changed: every country the build and the list do not name follows it.
    const generic = new Map([['_default', ['WIRE', 'RTP']]]);
    expect(transferMethodsFor('ZA', generic)).toEqual(['WIRE', 'RTP']);
    expect(transferMethodsFor('DE', generic)).toEqual(['WIRE']);
  });

  it('puts the country and method above the form and fills the hidden fields', async () => {
    const { user, onSubmit } = await setup();
    const country = screen.getByRole('combobox', { name: 'Country' });
    expect(country).toHaveValue('US');
    expect(methodsShown()).toEqual(['ACH', 'WIRE', 'RTP']);
    expect(screen.getByRole('radio', { name: 'ACH (standard bank transfer)' })).toBeChecked();
    // The picker comes before the generated form.
    const form = document.querySelector('form');
    expect(
      country.compareDocumentPosition(form as Node) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(document.getElementById('root_countryCode')).toHaveValue('US');
    expect(document.getElementById('root_transferMethod')).toHaveValue('ACH');
    await user.click(screen.getByRole('radio', { name: 'Wire transfer' }));
    // WIRE in the US asks for the bank's name.
    expect(await screen.findByRole('textbox', { name: 'Bank name' })).toBeRequired();
    expect(document.getElementById('root_transferMethod')).toHaveValue('WIRE');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('switching US → DE keeps the nickname and drops the routing number', async () => {
    const { user, onSubmit } = await setup();
    await user.type(screen.getByRole('textbox', { name: 'Account nickname' }), 'Girokonto');
    await user.type(screen.getByRole('textbox', { name: 'Routing number' }), '021000021');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'DE');
    const iban = await screen.findByRole('textbox', { name: 'IBAN' });
    expect(screen.getByRole('textbox', { name: 'Account nickname' })).toHaveValue('Girokonto');
    expect(screen.queryByRole('textbox', { name: 'Routing number' })).not.toBeInTheDocument();
    expect(methodsShown()).toEqual(['WIRE']);
    expect(document.getElementById('root_countryCode')).toHaveValue('DE');

    await user.type(iban, 'DE89370400440532013000');
    await user.type(screen.getByRole('textbox', { name: 'BIC (SWIFT code)' }), 'DEUTDEFF');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({
      countryCode: 'DE',
      transferMethod: 'WIRE',
      nickname: 'Girokonto',
      iban: 'DE89370400440532013000',
      bic: 'DEUTDEFF',
    });

    // Back to the US: the dropped routing number does not come back.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'US');
    const routing = await screen.findByRole('textbox', { name: 'Routing number' });
    expect(routing).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Account nickname' })).toHaveValue('Girokonto');
    await waitFor(() => expect(document.getElementById('root_transferMethod')).toHaveValue('WIRE'));
  });

  it('swaps an address form to the rules of the chosen country', async () => {
    const { user } = await setup({ formId: 'address', initialMethod: undefined });
    expect(screen.queryByRole('group', { name: 'Transfer method' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Address line 1' }), '350 Fifth Avenue');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'New York');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'KE');
    expect(await screen.findByRole('textbox', { name: 'Province or region' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Address line 1' })).toHaveValue('350 Fifth Avenue');
    expect(screen.queryByRole('textbox', { name: 'City' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'State' })).not.toBeInTheDocument();
    expect(document.getElementById('root_countryCode')).toHaveValue('KE');
  });
});
