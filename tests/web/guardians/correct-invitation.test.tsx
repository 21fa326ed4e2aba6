// Issue 28: a minor whose guardian invitation is stuck (a mistyped address, a lost link, a refusal)
// corrects it and sends it again, from the dashboard's pending notice and from the page of a refused
// consent. The corrected invitation names the one it replaces; the notice then shows the new
// guardian and says the new invitation went out. In German, as a person would meet it.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Guardian } from '../../../src/core/types/entities/guardian';
import type { Profile } from '../../../src/core/types/entities/profile';
import ClaimsDashboardPage from '../../../src/web/features/claims/components/dashboard-page';
import { LOCALE_STORAGE_KEY, setLanguage } from '../../../src/web/lib/i18n';
import { renderApp, renderWithProviders } from '../support/render';
import { handlers, profileWith, server, signedInHandlers } from '../support/server';

const mistyped: Guardian = {
  id: 'g-1',
  firstName: 'Maria',
  lastName: 'Lima',
  email: 'maria.lima@exmaple.com',
  relationship: 'PARENT',
  consent: null,
};

const minor = (over: Partial<Profile>) =>
  profileWith({
    status: 'GUARDIAN_CONSENT_PENDING',
    isMinor: true,
    person: { firstName: 'Leo', lastName: 'Lima', dob: '2012-03-04' },
    guardians: [mistyped],
    ...over,
  });

/**
 * The minor's API as the server answers it: GET /me, and POST /me/guardian/invite recording each
 * body and answering the profile with the replaced invitation gone and the new one pending.
 */
function minorApi(start: Profile) {
  let current = start;
  const invites: Record<string, unknown>[] = [];
  server.use(
    http.get('/master/funnel/v1/me', () => HttpResponse.json({ data: current })),
    http.get('/master/funnel/v1/me/status', () =>
      HttpResponse.json({ data: { status: current.status } }),
    ),
    http.post('/master/funnel/v1/me/guardian/invite', async ({ request }) => {
      const body = (await request.json()) as Record<string, string>;
      invites.push(body);
      const kept = (current.guardians ?? []).filter(
        (g) => g.id !== body.replaces && g.consent !== 'false',
      );
      current = {
        ...current,
        status: 'GUARDIAN_CONSENT_PENDING',
        guardians: [
          ...kept,
          {
            id: `g-${invites.length + 1}`,
            firstName: body.firstName,
            lastName: body.lastName,
            email: body.guardianEmail,
            relationship: body.relationship,
            consent: null,
          },
        ],
      };
      return HttpResponse.json({ data: current });
    }),
  );
  return invites;
}

const inGerman = () =>
  act(async () => {
    await setLanguage('de');
  });

const notice = () =>
  screen.findByRole('region', {
    name: 'Warten auf die Zustimmung Ihrer erziehungsberechtigten Person',
  });

describe('correcting a pending guardian invitation from the dashboard', () => {
  it('fills the form with the invitation, sends the correction in its place and shows the new guardian', async () => {
    server.use(handlers.claims());
    const invites = minorApi(minor({}));
    const user = userEvent.setup();
    await renderWithProviders(
      <MemoryRouter>
        <ClaimsDashboardPage />
      </MemoryRouter>,
    );
    await inGerman();
    const region = await notice();
    expect(region).toHaveTextContent(
      'Wir haben Maria Lima (maria.lima@exmaple.com) einen Link gesendet',
    );

    await user.click(
      within(region).getByRole('button', {
        name: 'Korrigieren und erneut senden: Maria Lima',
      }),
    );
    const correction = await within(region).findByRole('region', {
      name: 'Einladung korrigieren',
    });
    const email = await within(correction).findByRole('textbox', { name: /E-Mail/ });
    // What was sent before, ready to be corrected.
    expect(email).toHaveValue('maria.lima@exmaple.com');
    expect(within(correction).getByRole('textbox', { name: /Vorname/ })).toHaveValue('Maria');
    await user.clear(email);
    await user.type(email, 'maria.lima@example.com');
    await user.click(within(correction).getByRole('button', { name: 'Neue Einladung senden' }));

    expect(
      await within(region).findByText(
        'Neue Einladung an Maria Lima (maria.lima@example.com) gesendet. Die frühere Einladung gilt nicht mehr.',
      ),
    ).toHaveAttribute('role', 'status');
    expect(invites).toEqual([
      {
        firstName: 'Maria',
        lastName: 'Lima',
        guardianEmail: 'maria.lima@example.com',
        relationship: 'PARENT',
        replaces: 'g-1',
      },
    ]);
    // The notice names the new invitation only; the form is closed.
    expect(region).toHaveTextContent(
      'Wir haben Maria Lima (maria.lima@example.com) einen Link gesendet',
    );
    expect(region).not.toHaveTextContent('exmaple');
    expect(
      within(region).queryByRole('region', { name: 'Einladung korrigieren' }),
    ).not.toBeInTheDocument();
  });

  it('can be cancelled without sending anything', async () => {
    server.use(handlers.claims());
    const invites = minorApi(minor({}));
    const user = userEvent.setup();
    await renderWithProviders(
      <MemoryRouter>
        <ClaimsDashboardPage />
      </MemoryRouter>,
    );
    await inGerman();
    const region = await notice();
    await user.click(
      within(region).getByRole('button', { name: /^Korrigieren und erneut senden/ }),
    );
    const correction = await within(region).findByRole('region', {
      name: 'Einladung korrigieren',
    });
    await user.click(await within(correction).findByRole('button', { name: 'Abbrechen' }));
    expect(
      within(region).queryByRole('region', { name: 'Einladung korrigieren' }),
    ).not.toBeInTheDocument();
    expect(invites).toEqual([]);
  });

  it("says so in German when the server refuses to replace a guardian's consent", async () => {
    server.use(
      handlers.claims(),
      handlers.profile(minor({})),
      http.post('/master/funnel/v1/me/guardian/invite', () =>
        HttpResponse.json(
          {
            code: 409,
            message: 'GuardianAlreadyConsented: this guardian has consented; it stays',
          },
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    await renderWithProviders(
      <MemoryRouter>
        <ClaimsDashboardPage />
      </MemoryRouter>,
    );
    await inGerman();
    const region = await notice();
    await user.click(
      within(region).getByRole('button', { name: /^Korrigieren und erneut senden/ }),
    );
    const correction = await within(region).findByRole('region', {
      name: 'Einladung korrigieren',
    });
    await user.click(
      await within(correction).findByRole('button', { name: 'Neue Einladung senden' }),
    );
    expect(await within(correction).findByRole('alert')).toHaveTextContent(
      'Diese Person hat bereits zugestimmt; die Einladung kann daher nicht ersetzt werden.',
    );
  });
});

describe('asking again after a refusal', () => {
  it('sends a new invitation from the rejected page and lands on the dashboard with the new guardian', async () => {
    const refused = minor({
      status: 'GUARDIAN_CONSENT_REJECTED',
      guardians: [{ ...mistyped, email: 'maria.lima@example.com', consent: 'false' }],
    });
    server.use(...signedInHandlers(refused));
    const invites = minorApi(refused);
    const user = userEvent.setup();
    // The language this browser chose (the app picks it when the profile names none).
    localStorage.setItem(LOCALE_STORAGE_KEY, 'de');
    const { router } = await renderApp('/registration/guardian-consent/rejected');

    const again = await screen.findByRole('region', { name: 'Erneut um Zustimmung bitten' });
    expect(again).toHaveTextContent('Maria Lima hat abgelehnt.');
    const form = within(again);
    // The refused invitation's details, to correct or replace with another person.
    expect(await form.findByRole('textbox', { name: /Vorname/ })).toHaveValue('Maria');
    const first = form.getByRole('textbox', { name: /Vorname/ });
    await user.clear(first);
    await user.type(first, 'Paulo');
    const email = form.getByRole('textbox', { name: /E-Mail/ });
    await user.clear(email);
    await user.type(email, 'paulo.lima@example.com');
    await user.selectOptions(form.getByRole('combobox', { name: /Beziehung/ }), 'LEGAL_GUARDIAN');
    await user.click(form.getByRole('button', { name: 'Neue Einladung senden' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const region = await notice();
    expect(
      await within(region).findByText(
        'Neue Einladung an Paulo Lima (paulo.lima@example.com) gesendet. Die frühere Einladung gilt nicht mehr.',
      ),
    ).toHaveAttribute('role', 'status');
    expect(region).toHaveTextContent(
      'Wir haben Paulo Lima (paulo.lima@example.com) einen Link gesendet',
    );
    expect(invites).toEqual([
      {
        firstName: 'Paulo',
        lastName: 'Lima',
        guardianEmail: 'paulo.lima@example.com',
        relationship: 'LEGAL_GUARDIAN',
        replaces: 'g-1',
      },
    ]);
  });
});
