// The bank-account form offers the transfer methods of the published rules (issue 33): a country
// created in the rules console with ACH and RTP only is not offered the build's WIRE.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { CountryVariantForm } from '../../../src/web/components/schema-form';
import { renderWithProviders } from '../support/render';
import { server } from '../support/server';

const methodsShown = () =>
  within(screen.getByRole('group', { name: 'Transfer method' }))
    .getAllByRole('radio')
    .map((r) => (r as HTMLInputElement).value);

describe('the transfer methods of published rules', () => {
  it('offers what the published rules list, not what the portal was built with', async () => {
    server.use(
      http.get('/master/rules/validators', () =>
        HttpResponse.json({
          data: {
            rulesVersion: 7,
            variants: [],
            transferMethods: [
              { country: 'KE', methods: ['ACH', 'RTP'] },
              { country: 'US', methods: ['ACH', 'RTP'] },
            ],
          },
        }),
      ),
    );
    const user = userEvent.setup();
    await renderWithProviders(
      <CountryVariantForm
        formId="bank-account"
        initialCountry="US"
        initialMethod="WIRE"
        countries={['US', 'DE', 'KE']}
        onSubmit={vi.fn()}
        submitLabel="Save"
      />,
    );
    await screen.findByRole('button', { name: 'Save' });
    // An account opened as WIRE where WIRE is no longer offered moves to the first offered method.
    expect(methodsShown()).toEqual(['ACH', 'RTP']);
    expect(document.getElementById('root_transferMethod')).toHaveValue('ACH');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'KE');
    expect(methodsShown()).toEqual(['ACH', 'RTP']);
    // A country the list does not name keeps the build's methods.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'DE');
    expect(methodsShown()).toEqual(['WIRE']);
  });
});
