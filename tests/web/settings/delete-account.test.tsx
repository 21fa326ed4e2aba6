// Settings offers "delete my account": a confirmation that says what is deleted and what is kept,
// DELETE /me only once the user confirms, then nothing of the account stays and the user is out.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../support/render';
import { handlers, profileWith, server } from '../support/server';

describe('delete my account', () => {
  it('confirms what goes and what stays, deletes, clears the cache and signs out', async () => {
    let deleted = 0;
    server.use(
      handlers.profile(profileWith({ status: 'ACTIVATED' })),
      http.delete('/master/funnel/v1/me', () => {
        deleted++;
        return HttpResponse.json({ data: { deleted: true } });
      }),
    );
    const user = userEvent.setup();
    const { router, store } = await renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Delete my account…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    expect(within(dialog).getByText(/your payout methods/)).toBeVisible();
    expect(within(dialog).getByText(/payments already made/)).toBeVisible();
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: /cannot be undone/ }));
    // Answered by signed-out calls from here on, as the server would.
    server.use(handlers.principal(false));
    await user.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/start'));
    expect(deleted).toBe(1);
    expect(
      Object.values(store.getState().api.queries).some((q) => q?.endpointName === 'getProfile'),
    ).toBe(false);
  });

  it('keeps the account when the user changes their mind', async () => {
    let deleted = 0;
    server.use(
      http.delete('/master/funnel/v1/me', () => {
        deleted++;
        return HttpResponse.json({ data: { deleted: true } });
      }),
    );
    const user = userEvent.setup();
    const { router } = await renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Delete my account…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep my account' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/settings');
    expect(deleted).toBe(0);
  });
});
