// Settings offers "delete my account": a confirmation that says what is deleted and what is kept,
// DELETE /me only once the user confirms with the password (issue 29), then nothing of the account
// stays and the user is out. A wrong password and the server's refusals are said in the reader's
// language (German here); on hold the settings page does not offer deletion and says why.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../support/render';
import { handlers, profileWith, server } from '../support/server';

describe('delete my account', () => {
  it('confirms what goes and what stays, deletes, clears the cache and signs out', async () => {
    const sent: unknown[] = [];
    server.use(
      handlers.profile(profileWith({ status: 'ACTIVATED' })),
      http.delete('/master/funnel/v1/me', async ({ request }) => {
        sent.push(await request.json());
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
    // Not without the password.
    expect(confirm).toBeDisabled();
    const password = within(dialog).getByLabelText('Your password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    await user.type(password, 'Sunrise-42-river');
    // Answered by signed-out calls from here on, as the server would.
    server.use(handlers.principal(false));
    await user.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/start'));
    expect(sent).toEqual([{ password: 'Sunrise-42-river' }]);
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

  const refuse = (status: number, message: string) =>
    HttpResponse.json({ code: status, message }, { status });

  /** /settings in German, the dialog open, the box ticked and `typed` entered as the password. */
  async function confirmInGerman(answer: () => Response, typed = 'falsch-123') {
    server.use(
      handlers.profile(profileWith({ status: 'ACTIVATED', preferredLanguage: 'de' })),
      http.delete('/master/funnel/v1/me', answer),
    );
    const user = userEvent.setup();
    const view = await renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Mein Konto löschen…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Ihr Konto löschen?' });
    await user.click(within(dialog).getByRole('checkbox', { name: /nicht rückgängig/ }));
    await user.type(within(dialog).getByLabelText('Ihr Passwort'), typed);
    await user.click(within(dialog).getByRole('button', { name: 'Mein Konto löschen' }));
    return { ...view, dialog };
  }

  it('says in German that the password is wrong, and stays', async () => {
    const { dialog, router } = await confirmInGerman(() =>
      refuse(403, 'WrongPassword: the password does not match the account'),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Dieses Passwort ist nicht korrekt.',
    );
    expect(within(dialog).getByLabelText('Ihr Passwort')).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/settings');
    expect(document.body).not.toHaveTextContent(/does not match/);
  });

  it.each([
    [
      'a payment on its way',
      409,
      'AccountNotDeletable: a claim is being paid to a payout method of this account',
      'Ihr Konto kann nicht gelöscht werden, solange eine Zahlung an Sie unterwegs ist.',
    ],
    [
      'a hold',
      409,
      'ProfileOnHold: the account cannot be deleted while the profile is ON_HOLD',
      'Ihr Konto ist angehalten, daher ist das derzeit nicht möglich.',
    ],
    [
      'too many wrong passwords',
      429,
      'PasswordLocked: too many wrong passwords; try again in 2 minutes',
      'Zu viele falsche Passwörter. Warten Sie einige Minuten und versuchen Sie es dann erneut.',
    ],
  ])('says in German why the server refused: %s', async (_, status, message, german) => {
    const { dialog, router } = await confirmInGerman(() => refuse(status, message));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(german);
    expect(within(dialog).getByLabelText('Ihr Passwort')).not.toHaveAttribute('aria-invalid');
    expect(router.state.location.pathname).toBe('/settings');
    expect(document.body).not.toHaveTextContent(/being paid|ON_HOLD|too many wrong/);
  });

  it('is not offered on hold, and says why (German)', async () => {
    server.use(handlers.profile(profileWith({ status: 'ON_HOLD', preferredLanguage: 'de' })));
    await renderApp('/settings');
    expect(
      await screen.findByText(
        'Ihr Konto ist angehalten und kann erst nach Abschluss der Prüfung gelöscht werden. Wenden Sie sich an den Support.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Mein Konto löschen…' })).toBeNull();
  });
});
