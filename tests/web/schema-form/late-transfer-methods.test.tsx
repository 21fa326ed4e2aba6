// The published rules' transfer methods may come after the country's form has loaded (a slow
// answer of GET /master/rules/validators): the method chosen then must be in the form's values,
// or the first submission is refused as "Transfer method is required" with ACH shown checked.
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { expect, it, vi } from 'vitest';
import { CountryVariantForm } from '../../../src/web/components/schema-form';
import { renderWithProviders } from '../support/render';
import { server } from '../support/server';

it('carries the first offered method into the form when the published list comes late', async () => {
  server.use(
    http.get('/master/rules/validators', async () => {
      await delay(800);
      return HttpResponse.json({ data: { rulesVersion: 0, variants: [], transferMethods: [] } });
    }),
  );
  await renderWithProviders(
    <CountryVariantForm
      formId="bank-account"
      initialCountry="US"
      countries={['US']}
      onSubmit={vi.fn()}
      submitLabel="Save"
    />,
  );
  const methods = await screen.findByRole('group', { name: 'Transfer method' }, { timeout: 5000 });
  expect(within(methods).getByRole('radio', { name: /ACH/ })).toBeChecked();
  await waitFor(() => expect(document.getElementById('root_transferMethod')).toHaveValue('ACH'));
});
