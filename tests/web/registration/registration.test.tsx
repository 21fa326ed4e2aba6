import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import RegistrationPage from '../../../src/web/features/registration/components/registration-page';
import VerifyAccountPage from '../../../src/web/features/registration/components/verify-account-page';
import IdProofingPage from '../../../src/web/features/status-pages/components/id-proofing-page';
import { errorsOf } from '../support/schema-form';
import { configuration, handlers, profileWith, server } from '../support/server';
import { renderRegistrationPage } from '../support/registration';
import type * as Navigation from '../../../src/web/lib/navigation';
import { leaveTo } from '../../../src/web/lib/navigation';

// jsdom cannot leave the page: the exit to a hosted identity check is recorded instead.
vi.mock('../../../src/web/lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof Navigation>()),
  leaveTo: vi.fn(),
}));
/** What a hosted identity provider (Stripe Identity) answers the start with. */
const HOSTED_FLOW = 'https://verify.stripe.com/start/test_session';

describe('verify account', () => {
  const answers = (verify: () => Response) => {
    const sent: unknown[] = [];
    server.use(
      handlers.profile(profileWith({ status: 'CREATED' })),
      http.post('/master/funnel/v1/me/verify/otp', async ({ request }) => {
        const body = (await request.json()) as { prefix: string };
        sent.push(body);
        return HttpResponse.json({ data: { prefix: body.prefix, expiresAt: '2030-01-01' } });
      }),
      http.put('/master/funnel/v1/me/verify', verify),
    );
    return sent;
  };

  it('sends a code on open, shows the wrong-code message, then continues on success', async () => {
    let wrong = true;
    const sent = answers(() =>
      wrong
        ? HttpResponse.json({ code: 400, message: 'Wrong OTP' }, { status: 400 })
        : HttpResponse.json({ data: { status: 'VERIFIED' } }),
    );
    const user = userEvent.setup();
    await renderRegistrationPage(<VerifyAccountPage />, '/registration/verify-account');
    expect(screen.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
    expect(screen.getByText(/1 Verify email/).closest('li')).toHaveAttribute(
      'aria-current',
      'step',
    );
    const input = await screen.findByRole('textbox', { name: '6-digit code' });
    expect(sent).toHaveLength(1);
    const { prefix } = sent[0] as { prefix: string };
    expect(prefix).toMatch(/^\d{4}$/);
    expect(input).toHaveAccessibleDescription(new RegExp(`starts with ${prefix}`));

    await user.type(input, '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/not correct or has expired/);
    expect(input).toHaveAttribute('aria-invalid', 'true');

    wrong = false;
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Root flow')).toBeInTheDocument();
  });

  it('reopened while its code is still good, shows that code instead of mailing another', async () => {
    const sent = answers(() => HttpResponse.json({ data: { status: 'VERIFIED' } }));
    const first = await renderRegistrationPage(
      <VerifyAccountPage />,
      '/registration/verify-account',
    );
    await screen.findByRole('textbox', { name: '6-digit code' });
    const { prefix } = sent[0] as { prefix: string };
    first.unmount();

    await renderRegistrationPage(<VerifyAccountPage />, '/registration/verify-account');
    const input = await screen.findByRole('textbox', { name: '6-digit code' });
    expect(input).toHaveAccessibleDescription(new RegExp(`starts with ${prefix}`));
    expect(sent).toHaveLength(1);
    // Asking for a new one still sends one.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(sent).toHaveLength(2));
  });
});

describe('registration', () => {
  const complete = profileWith({
    status: 'VERIFIED',
    person: { firstName: 'Ana', lastName: 'Lima', dob: '1990-04-02', residency: 'US' },
    addresses: [
      {
        id: 'a-1',
        addressType: 'RESIDENTIAL',
        countryCode: 'US',
        addressLine1: '1 Main St',
        city: 'Springfield',
        state: 'IL',
        postalCode: '62701',
      },
    ],
  });

  it('shows a server field error under its field', async () => {
    const bodies: unknown[] = [];
    server.use(
      handlers.profile(complete),
      http.patch('/master/funnel/v1/me', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          {
            code: 400,
            message: 'ValidationError',
            errors: [
              {
                path: '/person/firstName',
                keyword: 'nameMatch',
                messageKey: 'no.such.key',
                message: 'This name does not match our records.',
              },
            ],
          },
          { status: 400 },
        );
      }),
    );
    const user = userEvent.setup();
    await renderRegistrationPage(<RegistrationPage />, '/registration');
    const firstName = await screen.findByRole('textbox', { name: /First name/ });
    expect(firstName).toHaveValue('Ana');
    await user.click(screen.getByRole('button', { name: 'Continue to address' }));
    const save = await screen.findByRole('button', { name: 'Save details' });
    await user.click(save);
    await waitFor(() =>
      expect(errorsOf(firstName)).toContain('This name does not match our records.'),
    );
    expect(bodies[0]).toMatchObject({
      profileType: 'PERSON',
      person: { firstName: 'Ana', residency: 'US' },
      addresses: [{ countryCode: 'US', addressLine1: '1 Main St', zipCode: '62701' }],
    });
    expect(screen.getByRole('button', { name: 'Continue to identity check' })).toBeDisabled();
  });

  it('asks the identity numbers of the residency: SSN or ITIN in the US, the numéro fiscal in France, checked as typed', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      handlers.profile(complete),
      http.patch('/master/funnel/v1/me', async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ data: complete });
      }),
    );
    const user = userEvent.setup();
    await renderRegistrationPage(<RegistrationPage />, '/registration');
    const ssn = await screen.findByRole('textbox', { name: 'Social Security number or ITIN' });
    expect(screen.queryByRole('textbox', { name: /tax/i })).toBeNull();
    await user.type(ssn, '123456789');

    const residency = screen.getByRole('combobox', { name: /Country of residence/ });
    await user.selectOptions(residency, 'FR');
    const tin = await screen.findByRole('textbox', { name: 'French tax number (numéro fiscal)' });
    // The same form, not a new one: focus stays where the user was, and no US number is asked.
    expect(residency).toHaveFocus();
    expect(screen.queryByRole('textbox', { name: /Social Security/ })).toBeNull();

    await user.type(tin, '30 23 217 600 054');
    await user.click(screen.getByRole('button', { name: 'Continue to address' }));
    await waitFor(() =>
      expect(errorsOf(tin)).toContain(
        'Enter the 13 digits of your numéro fiscal, for example 30 23 217 600 053; check them for typing mistakes.',
      ),
    );
    await user.clear(tin);
    await user.type(tin, '30 23 217 600 053');
    await user.click(screen.getByRole('button', { name: 'Continue to address' }));
    await user.click(await screen.findByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    const person = bodies[0]!.person as Record<string, unknown>;
    expect(person).toMatchObject({ residency: 'FR', tin: '30 23 217 600 053' });
    expect(person).not.toHaveProperty('ssn');
  });

  it('lets a returning user whose details are saved go straight on to the identity check', async () => {
    let started = 0;
    server.use(
      handlers.profile(complete),
      http.post('/master/funnel/v1/id-proofing/start', () => {
        started++;
        return HttpResponse.json({ data: { status: 'ACTIVATED' } });
      }),
    );
    const user = userEvent.setup();
    await renderRegistrationPage(<RegistrationPage />, '/registration');
    const go = await screen.findByRole('button', { name: 'Continue to identity check' });
    expect(go).toBeEnabled();
    await user.click(go);
    expect(await screen.findByText('Root flow')).toBeVisible();
    expect(started).toBe(1);
  });

  it("sends the person to a hosted provider's identity check when the server answers its URL", async () => {
    server.use(
      handlers.profile(complete),
      http.post('/master/funnel/v1/id-proofing/start', () =>
        HttpResponse.json({
          data: { status: 'ID_PROOFING_PENDING', verificationUrl: HOSTED_FLOW },
        }),
      ),
    );
    const user = userEvent.setup();
    await renderRegistrationPage(<RegistrationPage />, '/registration');
    await user.click(await screen.findByRole('button', { name: 'Continue to identity check' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith(HOSTED_FLOW));
    expect(screen.queryByText('Root flow')).toBeNull();
    vi.mocked(leaveTo).mockClear();
  });

  it('edits the details of an activated profile from settings, without the setup steps', async () => {
    server.use(handlers.profile({ ...complete, status: 'ACTIVATED' }));
    await renderRegistrationPage(<RegistrationPage />, '/registration/personal-info');
    expect(await screen.findByRole('link', { name: 'Back to settings' })).toHaveAttribute(
      'href',
      '/settings',
    );
    expect(screen.queryByRole('button', { name: 'Continue to identity check' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Account setup progress' })).toBeNull();
  });

  it('re-entry after a failed relationship check: says why, and keeps saying so while the save still does not match', async () => {
    let answer = 'RELATIONSHIP_VERIFICATION_FAILED';
    server.use(
      handlers.profile({ ...complete, status: 'RELATIONSHIP_VERIFICATION_FAILED' }),
      http.patch('/master/funnel/v1/me', () =>
        HttpResponse.json({ data: { ...complete, status: answer } }),
      ),
    );
    const user = userEvent.setup();
    await renderRegistrationPage(<RegistrationPage />, '/registration/personal-info');
    const mismatch = /did not match our records/;
    expect(await screen.findByText(mismatch)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await screen.findByText('Your details are saved.');
    expect(screen.getByText(mismatch)).toBeVisible();

    answer = 'VERIFIED';
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(screen.queryByText(mismatch)).toBeNull());
  });

  it('a failed save is the fuzzy-match result, in place of the last one, told in our words', async () => {
    server.use(
      handlers.profile({ ...complete, status: 'RELATIONSHIP_VERIFICATION_FAILED' }),
      http.patch('/master/funnel/v1/me', () =>
        HttpResponse.json(
          { code: 409, message: 'NameMatchUnavailable: the records cannot be reached' },
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    await renderRegistrationPage(<RegistrationPage />, '/registration/personal-info');
    const mismatch = /did not match our records/;
    expect(await screen.findByText(mismatch)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not save your details. Please try again.',
    );
    expect(screen.queryByText(mismatch)).toBeNull();
    expect(screen.queryByText(/NameMatchUnavailable|cannot be reached/)).toBeNull();
  });

  it('offers the company type only when company profiles are enabled', async () => {
    server.use(
      handlers.profile(complete),
      http.get('/master/funnel/v1/configs', () =>
        HttpResponse.json({
          data: {
            ...configuration,
            businessRules: { ...configuration.businessRules, companyProfileEnabled: false },
          },
        }),
      ),
    );
    await renderRegistrationPage(<RegistrationPage />, '/registration');
    await screen.findByRole('textbox', { name: /First name/ });
    expect(screen.queryByRole('radio', { name: 'A company' })).not.toBeInTheDocument();
  });

  it('offers the company type when enabled', async () => {
    server.use(handlers.profile(complete));
    await renderRegistrationPage(<RegistrationPage />, '/registration');
    await screen.findByRole('textbox', { name: /First name/ });
    expect(screen.getByRole('radio', { name: 'A company' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'A person (myself)' })).toBeChecked();
  });
});

describe('id-proofing', () => {
  it("starts the check, and leaves for a hosted provider's flow when there is one", async () => {
    let started = 0;
    server.use(
      handlers.status('VERIFIED'),
      http.post('/master/funnel/v1/id-proofing/start', () => {
        started++;
        return HttpResponse.json({
          data: { status: 'ID_PROOFING_PENDING', verificationUrl: HOSTED_FLOW },
        });
      }),
    );
    const user = userEvent.setup();
    await renderRegistrationPage(<IdProofingPage />, '/id-proofing');
    await user.click(await screen.findByRole('button', { name: 'Start identity check' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith(HOSTED_FLOW));
    expect(started).toBe(1);
    vi.mocked(leaveTo).mockClear();
  });

  it('says we are checking while pending', async () => {
    server.use(handlers.status('ID_PROOFING_PENDING'));
    await renderRegistrationPage(<IdProofingPage />, '/id-proofing');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We are checking your identity' }),
    ).toBeVisible();
    expect(screen.getByText(/checks again every 30 seconds/)).toBeInTheDocument();
    // The simulator's pending check has no flow to go back to.
    expect(screen.queryByRole('button', { name: 'Continue the identity check' })).toBeNull();
  });

  it('takes a person who left a hosted check unfinished back into its flow', async () => {
    let answer: () => Response = () =>
      HttpResponse.json({ data: { status: 'ID_PROOFING_PENDING', verificationUrl: HOSTED_FLOW } });
    server.use(
      http.get('/master/funnel/v1/me/status', () =>
        HttpResponse.json({ data: { status: 'ID_PROOFING_PENDING', hostedCheckOpen: true } }),
      ),
      http.post('/master/funnel/v1/id-proofing/start', () => answer()),
    );
    const user = userEvent.setup();
    await renderRegistrationPage(<IdProofingPage />, '/id-proofing');
    await user.click(await screen.findByRole('button', { name: 'Continue the identity check' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith(HOSTED_FLOW));
    vi.mocked(leaveTo).mockClear();
    // Once the provider is deciding, there is nothing to continue: said, not shown as a failure.
    answer = () => HttpResponse.json({ errors: [{ message: 'Conflict' }] }, { status: 409 });
    await user.click(await screen.findByRole('button', { name: 'Continue the identity check' }));
    expect(await screen.findByRole('status')).toHaveTextContent('nothing more to do');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('offers photo-ID proofing when the check failed: front, back and a selfie, checked as chosen', async () => {
    let status = 'ID_PROOFING_FAILED';
    const bodies: Record<string, { contentType: string; data: string }>[] = [];
    server.use(
      http.get('/master/funnel/v1/me/status', () => HttpResponse.json({ data: { status } })),
      http.post('/master/funnel/v1/id-proofing/documents', async ({ request }) => {
        bodies.push((await request.json()) as (typeof bodies)[number]);
        status = 'ID_PROOFING_PENDING';
        return HttpResponse.json({ data: { id: 'd-1', status } });
      }),
    );
    const user = userEvent.setup({ applyAccept: false });
    await renderRegistrationPage(<IdProofingPage />, '/id-proofing');
    const section = await screen.findByRole('region', { name: 'Or verify with a photo ID' });
    const front = within(section).getByLabelText('Front of your ID');
    await user.upload(front, new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' }));
    expect(await within(section).findByText('Choose a JPEG, PNG or WebP image.')).toBeVisible();
    expect(front).toHaveAttribute('aria-invalid', 'true');

    const png = (name: string) =>
      new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
    await user.upload(front, png('front.png'));
    await user.click(within(section).getByRole('button', { name: 'Send for review' }));
    // What is missing is said by name, and nothing is sent.
    expect(await within(section).findAllByText('Add this photo.')).toHaveLength(2);
    expect(bodies).toHaveLength(0);

    await user.upload(within(section).getByLabelText('Back of your ID'), png('back.png'));
    await user.upload(within(section).getByLabelText('A selfie'), png('selfie.png'));
    await user.click(within(section).getByRole('button', { name: 'Send for review' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]?.front).toEqual({ contentType: 'image/png', data: 'iVBORw==' });
    expect(Object.keys(bodies[0] ?? {}).sort()).toEqual(['back', 'front', 'selfie']);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We are checking your identity' }),
    ).toBeVisible();
  });

  it('says what to do when the check failed', async () => {
    server.use(handlers.status('ID_PROOFING_FAILED'));
    await renderRegistrationPage(<IdProofingPage />, '/id-proofing');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'We could not confirm your identity',
      }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Correct your details' })).toHaveAttribute(
      'href',
      '/registration/personal-info',
    );
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute(
      'href',
      configuration.branding.footer.supportUrl,
    );
  });
});
