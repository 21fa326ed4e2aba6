// A minor's registration: after saving, the guardian invitation takes the place of the identity
// check; the invitation goes to POST /me/guardian/invite and then on to the root flow.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import RegistrationPage from '../../../src/web/features/registration/components/registration-page';
import { errorsOf } from '../support/schema-form';
import { handlers, profileWith, server } from '../support/server';
import { renderRegistrationPage } from '../support/registration';

const ADDRESS = {
  id: 'a-1',
  addressType: 'RESIDENTIAL',
  countryCode: 'US',
  addressLine1: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  postalCode: '62701',
} as const;

// Who is a minor is the server's answer to the save (isMinor, from the merchant's minimumAge), so
// the form's own date of birth stays one the browser's checks accept.
const profile = profileWith({
  status: 'VERIFIED',
  person: { firstName: 'Leo', lastName: 'Lima', dob: '1990-04-02', residency: 'US' },
  addresses: [ADDRESS],
});

/** The profile API: PATCH /me answers with the server's isMinor; invitations are recorded. */
function mockApi(isMinor: boolean, invite?: () => Response) {
  const invites: unknown[] = [];
  server.use(
    handlers.profile(profile),
    http.patch('/master/funnel/v1/me', () => HttpResponse.json({ data: { ...profile, isMinor } })),
    http.post('/master/funnel/v1/me/guardian/invite', async ({ request }) => {
      const body = (await request.json()) as Record<string, string>;
      invites.push(body);
      if (invite) return invite();
      return HttpResponse.json({
        data: {
          ...profile,
          status: 'GUARDIAN_CONSENT_PENDING',
          isMinor: true,
          guardians: [{ id: 'g-1', ...body, email: body.guardianEmail, consent: null }],
        },
      });
    }),
  );
  return invites;
}

async function saveDetails() {
  const user = userEvent.setup();
  const view = await renderRegistrationPage(<RegistrationPage />, '/registration');
  await user.click(await screen.findByRole('button', { name: 'Continue to address' }));
  await user.click(await screen.findByRole('button', { name: 'Save details' }));
  await screen.findByText('Your details are saved.');
  return { user, ...view };
}

const inviteSection = () => screen.findByRole('region', { name: 'A guardian must agree' });

async function fillInvite(user: ReturnType<typeof userEvent.setup>, email = 'maria@example.com') {
  const section = await inviteSection();
  const form = within(section);
  await user.type(await form.findByRole('textbox', { name: /First name/ }), 'Maria');
  await user.type(form.getByRole('textbox', { name: /Last name/ }), 'Lima');
  await user.type(form.getByRole('textbox', { name: /Guardian’s email/ }), email);
  await user.selectOptions(form.getByRole('combobox', { name: /Relationship/ }), 'Legal guardian');
  return form;
}

describe('guardian invitation on registration', () => {
  it('offers the invitation only to a minor, in place of the identity check', async () => {
    mockApi(false);
    await saveDetails();
    expect(screen.getByRole('button', { name: 'Continue to identity check' })).toBeEnabled();
    expect(screen.queryByRole('region', { name: 'A guardian must agree' })).not.toBeInTheDocument();
  });

  it('sends the invitation with the form body and goes to the root flow', async () => {
    const invites = mockApi(true);
    const { user, router } = await saveDetails();
    const section = await inviteSection();
    expect(section).toHaveTextContent(/under 18/);
    expect(
      screen.queryByRole('button', { name: 'Continue to identity check' }),
    ).not.toBeInTheDocument();

    const form = await fillInvite(user);
    await user.click(form.getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByText('Root flow')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(invites).toEqual([
      {
        firstName: 'Maria',
        lastName: 'Lima',
        guardianEmail: 'maria@example.com',
        relationship: 'LEGAL_GUARDIAN',
      },
    ]);
  });

  it("shows the server's field error on its field", async () => {
    mockApi(true, () =>
      HttpResponse.json(
        {
          code: 400,
          message: 'ValidationError',
          errors: [
            {
              path: '/lastName',
              keyword: 'nameCheck',
              messageKey: 'no.such.key',
              message: 'This last name is not accepted.',
            },
          ],
        },
        { status: 400 },
      ),
    );
    const { user, router } = await saveDetails();
    const form = await fillInvite(user);
    await user.click(form.getByRole('button', { name: 'Send the invitation' }));
    const lastName = form.getByRole('textbox', { name: /Last name/ });
    await waitFor(() => expect(errorsOf(lastName)).toContain('This last name is not accepted.'));
    expect(form.getByText(/correct the marked fields and send/)).toHaveAttribute('role', 'alert');
    expect(router.state.location.pathname).toBe('/registration');
  });

  it('says so when the minor names themselves as guardian', async () => {
    mockApi(true, () =>
      HttpResponse.json(
        { code: 409, message: 'GuardianIsSelf: the guardian must be another person' },
        { status: 409 },
      ),
    );
    const { user, router } = await saveDetails();
    const form = await fillInvite(user, 'ana@example.com');
    await user.click(form.getByRole('button', { name: 'Send the invitation' }));
    expect(await form.findByRole('alert')).toHaveTextContent(
      'Your guardian must be another person: enter their email address, not yours.',
    );
    expect(router.state.location.pathname).toBe('/registration');
  });
});
