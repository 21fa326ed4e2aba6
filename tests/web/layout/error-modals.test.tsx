import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { claimsApi } from '../../../src/web/features/claims/api/claims-api';
import { paymentMethodsApi } from '../../../src/web/api/payment-methods-api';
import { renderApp } from '../support/render';
import { server } from '../support/server';

describe('error modals', () => {
  it('shows one error modal at a time: the first stays until it is closed', async () => {
    const user = userEvent.setup();
    server.use(
      http.get('/master/funnel/v1/claims', () =>
        HttpResponse.json({ code: 500, message: 'Boom' }, { status: 500 }),
      ),
      http.get('/master/funnel/v1/payment-methods/available-types', () => HttpResponse.error()),
    );
    const { store } = await renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });

    await store.dispatch(claimsApi.endpoints.getClaims.initiate());
    const server500 = await screen.findByRole('alertdialog', {
      name: 'Something went wrong on our side',
    });
    expect(server500).toBeVisible();

    await store.dispatch(paymentMethodsApi.endpoints.getAvailableTypes.initiate());
    expect(store.getState().ui.errorModal).toBe('server');
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    expect(
      screen.queryByRole('alertdialog', { name: 'Something went wrong in your browser' }),
    ).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    await store.dispatch(
      paymentMethodsApi.endpoints.getAvailableTypes.initiate(undefined, { forceRefetch: true }),
    );
    expect(
      await screen.findByRole('alertdialog', { name: 'Something went wrong in your browser' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
  });

  it("closes with Escape (the dialog's cancel event)", async () => {
    server.use(
      http.get('/master/funnel/v1/claims', () =>
        HttpResponse.json({ code: 502, message: 'Bad gateway' }, { status: 502 }),
      ),
    );
    const { store } = await renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    await store.dispatch(claimsApi.endpoints.getClaims.initiate());
    const dialog = await screen.findByRole('alertdialog');
    dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(store.getState().ui.errorModal).toBeNull();
  });
});
