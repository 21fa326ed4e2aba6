// The console's enrolment screen (/console/enrol#<token>) and "Your account" over a mocked API:
// the new authenticator is shown to its owner, the fields are checked and named under themselves,
// the server's refusals show in an alert that takes the focus, and success signs in (enrolment)
// or says what changed (password, authenticator).
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ConsoleApp } from '../../../src/web/console/console-app';
import { server } from '../support/server';

const API = '/master/console/v1';
const TOKEN = 'T'.repeat(43);
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const staff = { id: 's-1', email: 'ana@example.com', role: 'editor' };
const authenticator = (secret = SECRET) => ({
  email: staff.email,
  role: staff.role,
  otpauthUri: `otpauth://totp/Payee%20Portal%20console:ana%40example.com?secret=${secret}`,
  secret,
});

const renderAt = (entry: string) =>
  render(
    <MemoryRouter initialEntries={[entry]}>
      <ConsoleApp />
    </MemoryRouter>,
  );

const signedOut = () => http.get(`${API}/whoami`, () => HttpResponse.json({ data: null }));

describe('console enrolment', () => {
  it('shows the new authenticator, checks the fields, names the refusal and signs in', async () => {
    const posted: unknown[] = [];
    let refuse = true;
    server.use(
      signedOut(),
      http.post(`${API}/enrolment/authenticator`, async ({ request }) => {
        expect(await request.json()).toEqual({ token: TOKEN });
        return HttpResponse.json({ data: authenticator() });
      }),
      http.post(`${API}/enrolment`, async ({ request }) => {
        posted.push(await request.json());
        if (refuse)
          return HttpResponse.json(
            {
              code: 400,
              message: 'CodeWrong: the code is not the current one of the new authenticator',
              errors: [{ path: '/code', keyword: 'totp', message: 'not the current code' }],
            },
            { status: 400 },
          );
        return HttpResponse.json({ data: staff });
      }),
      http.get(`${API}/countries`, () => HttpResponse.json({ data: [] })),
    );
    const user = userEvent.setup();
    renderAt(`/console/enrol#${TOKEN}`);

    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'Set up your staff account',
    });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(await screen.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in the authenticator app' })).toHaveAttribute(
      'href',
      authenticator().otpauthUri,
    );
    expect(screen.getByText(/You are setting up ana@example.com \(editor\)/)).toBeInTheDocument();

    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Repeat the password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Finish set-up' }));
    const password = screen.getByLabelText('New password');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(/Use at least 12 characters\./);
    expect(password).toHaveFocus();
    expect(posted).toEqual([]);

    await user.clear(password);
    await user.type(password, 'Quiet-harbour-2041');
    await user.clear(screen.getByLabelText('Repeat the password'));
    await user.type(screen.getByLabelText('Repeat the password'), 'Quiet-harbour-2041');
    await user.type(screen.getByLabelText('Code from the authenticator app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Finish set-up' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('That is not the current code of the new authenticator.');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(screen.getByLabelText('Code from the authenticator app')).toHaveAccessibleDescription(
      /not the current code/,
    );
    expect(posted[0]).toEqual({ token: TOKEN, password: 'Quiet-harbour-2041', code: '123456' });

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Finish set-up' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Countries' })).toBeInTheDocument();
    expect(screen.getByText('ana@example.com (editor)')).toBeInTheDocument();
  });

  it('says when the link no longer works, with no form', async () => {
    server.use(
      signedOut(),
      http.post(`${API}/enrolment/authenticator`, () =>
        HttpResponse.json(
          { code: 410, message: 'EnrolmentLinkInvalid: this enrolment link was used' },
          { status: 410 },
        ),
      ),
    );
    renderAt(`/console/enrol#${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This enrolment link was used, has expired or was replaced.',
    );
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});

describe('console account', () => {
  const signedIn = () => http.get(`${API}/whoami`, () => HttpResponse.json({ data: staff }));

  it('changes the password with the current password and code, and says the others are out', async () => {
    const posted: unknown[] = [];
    server.use(
      signedIn(),
      http.post(`${API}/account/password`, async ({ request }) => {
        const body = (await request.json()) as { currentPassword: string };
        posted.push(body);
        if (body.currentPassword !== 'Quiet-harbour-2041')
          return HttpResponse.json(
            { code: 403, message: 'WrongCredentials: the current password or the code is wrong' },
            { status: 403 },
          );
        return HttpResponse.json({ data: { otherSessionsEnded: 1 } });
      }),
    );
    const user = userEvent.setup();
    renderAt('/console/account');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Your account' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Your account' })).toHaveAttribute(
      'href',
      '/console/account',
    );

    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const current = screen.getByLabelText('Current password');
    expect(current).toHaveAccessibleDescription('Fill in this field.');
    expect(current).toHaveFocus();

    await user.type(current, 'Wrong-password-1234');
    await user.type(screen.getAllByLabelText('Code from your authenticator app')[0]!, '654321');
    await user.type(screen.getByLabelText('New password'), 'Console-meadow-77-harbour');
    await user.type(screen.getByLabelText('Repeat the new password'), 'Console-meadow-77-harbour');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const refused = await screen.findByRole('alert');
    expect(refused).toHaveTextContent(
      'Not changed: The current password or the authenticator code is wrong.',
    );
    await waitFor(() => expect(refused).toHaveFocus());
    // A 403 is not a lost session: the screen stays.
    expect(screen.getByRole('heading', { level: 1, name: 'Your account' })).toBeInTheDocument();

    await user.clear(current);
    await user.type(current, 'Quiet-harbour-2041');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password is changed.');
    expect(posted[1]).toEqual({
      currentPassword: 'Quiet-harbour-2041',
      code: '654321',
      newPassword: 'Console-meadow-77-harbour',
    });
  });

  it('replaces the authenticator: the new one shown, confirmed with both codes', async () => {
    const NEW = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU';
    let confirmed: unknown;
    server.use(
      signedIn(),
      http.post(`${API}/account/authenticator/new`, () =>
        HttpResponse.json({ data: authenticator(NEW) }),
      ),
      http.post(`${API}/account/authenticator`, async ({ request }) => {
        confirmed = await request.json();
        return HttpResponse.json({ data: { otherSessionsEnded: 0 } });
      }),
    );
    const user = userEvent.setup();
    renderAt('/console/account');
    await user.click(await screen.findByRole('button', { name: 'Add a new authenticator' }));
    const added = await screen.findByRole('heading', { level: 3, name: 'Add a new authenticator' });
    await waitFor(() => expect(added).toHaveFocus());
    expect(screen.getByText('KRSX G5CT MVRX EZLU KRSX G5CT MVRX EZLU')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Password'), 'Quiet-harbour-2041');
    await user.type(screen.getByLabelText('Code from your current authenticator'), '111111');
    await user.click(screen.getByRole('button', { name: 'Replace authenticator' }));
    expect(screen.getByLabelText('Code from the new authenticator')).toHaveAccessibleDescription(
      'Fill in this field.',
    );
    await user.type(screen.getByLabelText('Code from the new authenticator'), '222222');
    await user.click(screen.getByRole('button', { name: 'Replace authenticator' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your new authenticator is in use.',
    );
    expect(confirmed).toEqual({
      password: 'Quiet-harbour-2041',
      code: '111111',
      newCode: '222222',
    });
    expect(screen.getByRole('button', { name: 'Add a new authenticator' })).toBeInTheDocument();
  });
});
