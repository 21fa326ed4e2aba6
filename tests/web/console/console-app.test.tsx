// The rules console's sign-in and list over a mocked API: the fields are named under themselves,
// the server's refusal shows in an alert, a signed-in member sees the countries, and every write
// carries the staff CSRF cookie's value.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { consoleApi } from '../../../src/web/console/api';
import { ConsoleApp } from '../../../src/web/console/console-app';
import { server } from '../support/server';

const API = '/master/console/v1';
const staff = { id: 's-1', email: 'ana@example.com', role: 'editor' };
const countries = [
  {
    country: 'GB',
    name: 'United Kingdom',
    file: true,
    publishedVersion: 4,
    drafts: 1,
    lastChange: { action: 'publish', by: 'bo@example.com', at: '2026-11-25T10:00:00.000Z' },
  },
];

const renderConsole = () =>
  render(
    <MemoryRouter initialEntries={['/console']}>
      <ConsoleApp />
    </MemoryRouter>,
  );

describe('rules console', () => {
  it('names missing fields, shows the refusal, then signs in to the countries list', async () => {
    const posted: { body: unknown; csrf: string | null }[] = [];
    let refuse = true;
    server.use(
      // Signed out is an answer (no 401 for the browser to log).
      http.get(`${API}/whoami`, () => HttpResponse.json({ data: null })),
      // A refused attempt is an answer too (200 with its outcome), as the server gives it.
      http.post(`${API}/sign-in-attempts`, async ({ request }) => {
        posted.push({ body: await request.json(), csrf: request.headers.get('x-csrf-token') });
        if (refuse) return HttpResponse.json({ data: { outcome: 'refused', staff: null } });
        return HttpResponse.json({ data: { outcome: 'signed-in', staff } });
      }),
      http.get(`${API}/countries`, () => HttpResponse.json({ data: countries })),
    );
    const user = userEvent.setup();
    renderConsole();

    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Fill in this field.');
    expect(email).toHaveFocus();
    expect(posted).toEqual([]);

    await user.type(email, 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'Quiet-harbour-2041');
    await user.type(screen.getByLabelText('Authenticator code'), '12345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Authenticator code')).toHaveAccessibleDescription(
      /6 digits.*Enter the 6 digits of the code\./,
    );

    await user.type(screen.getByLabelText('Authenticator code'), '6');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    // In the console's words (the refusal's name), not the server's English.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The email, the password or the authenticator code is wrong.',
    );
    expect(posted[0]?.body).toEqual({
      email: 'ana@example.com',
      password: 'Quiet-harbour-2041',
      code: '123456',
    });

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Countries' });
    // Focus moves in an effect, after the screen has painted.
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('ana@example.com (editor)')).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /United Kingdom/ });
    expect(within(row).getByRole('link', { name: /United Kingdom GB/ })).toHaveAttribute(
      'href',
      '/console/countries/GB',
    );
    expect(row).toHaveTextContent('version 4');
    expect(row).toHaveTextContent('published by bo@example.com');
  });

  it('sends the STAFF-XSRF-TOKEN value on writes and names the refused fields', async () => {
    document.cookie = 'STAFF-XSRF-TOKEN=staff-csrf-1; Path=/';
    const seen: (string | null)[] = [];
    server.use(
      http.post(`${API}/countries/GB/drafts`, ({ request }) => {
        seen.push(request.headers.get('x-csrf-token'));
        return HttpResponse.json(
          {
            code: 400,
            message: 'RulesInvalid: not anchored',
            errors: [
              {
                path: '/rules/bankAccount/fields/sortCode/pattern',
                keyword: 'rules',
                message: 'not anchored',
              },
            ],
          },
          { status: 400 },
        );
      }),
      http.get(`${API}/countries`, ({ request }) => {
        seen.push(request.headers.get('x-csrf-token'));
        return HttpResponse.json({ data: [] });
      }),
    );
    await consoleApi.countries();
    const refused = await consoleApi.saveDraft('GB', { country: 'GB' }).catch((e: unknown) => e);
    expect(seen).toEqual([null, 'staff-csrf-1']);
    expect(refused).toMatchObject({
      status: 400,
      code: 'RulesInvalid',
      message: 'These rules do not pass the check. Each problem is named at its field.',
      errors: [{ path: '/rules/bankAccount/fields/sortCode/pattern' }],
    });
  });
});
