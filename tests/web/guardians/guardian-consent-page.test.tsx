// A guardian's decision for a minor at /settings/guardian-consent/:minorId, through the real route
// table, guard and store against a mocked funnel API whose profile follows the decisions.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Minor } from '../../../src/core/types/entities/minor';
import type { Profile } from '../../../src/core/types/entities/profile';
import { renderApp } from '../support/render';
import { profileWith, server, signedInHandlers } from '../support/server';

const leo: Minor = { id: 'm-1', firstName: 'Leo', lastName: 'Lima', consent: null };
const mia: Minor = { id: 'm-2', firstName: 'Mia', lastName: 'Lima', consent: null };

/** A guardian whose GET /me reflects each decision the API took. */
function guardianApi(minors: Minor[], over: Partial<Profile> = {}, answer?: () => Response) {
  const state = { profile: profileWith({ status: 'ACTIVATED', minors, ...over }) };
  const decisions: { minorId: unknown; body: unknown }[] = [];
  // Ahead of the signed-in defaults: the first matching handler answers.
  server.use(
    http.get('/master/funnel/v1/me', () => HttpResponse.json({ data: state.profile })),
    ...signedInHandlers(state.profile),
    http.post(
      '/master/funnel/v1/me/guardian/confirm-consent/:minorId',
      async ({ params, request }) => {
        const body = (await request.json()) as { consent: boolean };
        decisions.push({ minorId: params.minorId, body });
        if (answer) return answer();
        const consent = String(body.consent) as 'true' | 'false';
        state.profile = {
          ...state.profile,
          minors: (state.profile.minors ?? []).map((m) =>
            m.id === params.minorId ? { ...m, consent } : m,
          ),
        };
        return HttpResponse.json({
          data: {
            minorId: params.minorId,
            consent,
            minorStatus: body.consent ? 'VERIFIED' : 'GUARDIAN_CONSENT_REJECTED',
          },
        });
      },
    ),
  );
  return decisions;
}

async function openConsent(minorId: string) {
  const user = userEvent.setup();
  const view = await renderApp(`/settings/guardian-consent/${minorId}`);
  await screen.findByRole('heading', { level: 1, name: 'Guardian consent' });
  return { user, ...view };
}

describe('guardian consent', () => {
  it('consent posts true, says so, and leads on to the next minor, then to the dashboard', async () => {
    const decisions = guardianApi([leo, mia]);
    const { user, router } = await openConsent('m-1');
    expect(await screen.findByText(/named as a parent or guardian by Leo Lima/)).toBeVisible();
    expect(screen.getByRole('region', { name: 'What your consent means' })).toHaveTextContent(
      /Leo Lima can finish setting up their account/,
    );

    await user.click(screen.getByRole('button', { name: 'I give my consent' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your consent is recorded and Leo Lima can now finish setting up their account.',
    );
    expect(decisions).toEqual([{ minorId: 'm-1', body: { consent: true } }]);
    expect(screen.queryByRole('button', { name: 'I give my consent' })).not.toBeInTheDocument();

    await user.click(await screen.findByRole('link', { name: 'Next: consent for Mia Lima' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/settings/guardian-consent/m-2'),
    );
    expect(await screen.findByText(/named as a parent or guardian by Mia Lima/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'I give my consent' }));
    expect(decisions[1]).toEqual({ minorId: 'm-2', body: { consent: true } });

    await user.click(await screen.findByRole('link', { name: 'Go to the dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('a refusal is asked for again in a dialog, then posts false', async () => {
    const decisions = guardianApi([leo]);
    const { user } = await openConsent('m-1');

    await user.click(await screen.findByRole('button', { name: 'I do not consent' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Decline consent?' });
    expect(dialog).toHaveTextContent(/Leo Lima cannot be paid through this portal/);
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(decisions).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'I do not consent' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Decline consent' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'You declined consent, so Leo Lima cannot be paid through this portal.',
    );
    expect(decisions).toEqual([{ minorId: 'm-1', body: { consent: false } }]);
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toBeInTheDocument();
  });

  it('says the minor is not found when the API answers 404', async () => {
    const decisions = guardianApi([leo], {}, () =>
      HttpResponse.json(
        { code: 404, message: 'MinorNotFound: you are not a guardian of this minor' },
        { status: 404 },
      ),
    );
    const { user } = await openConsent('m-1');
    await user.click(await screen.findByRole('button', { name: 'I give my consent' }));
    expect(await screen.findByText(/We could not find this minor/)).toBeVisible();
    expect(decisions).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'I give my consent' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/');
  });

  it('says the minor is not found when the guardian has no such minor', async () => {
    const decisions = guardianApi([leo]);
    await openConsent('m-9');
    expect(await screen.findByText(/We could not find this minor/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'I give my consent' })).not.toBeInTheDocument();
    expect(decisions).toEqual([]);
  });

  it('tells a guardian on hold about the hold, not to complete their profile, and asks nothing', async () => {
    const decisions = guardianApi([leo], { status: 'ON_HOLD' });
    await openConsent('m-1');
    expect(
      await screen.findByText(
        'Your account is on hold: you can give or refuse your consent once the hold is lifted.',
      ),
    ).toBeVisible();
    expect(screen.queryByText(/complete your own profile/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.queryByRole('button', { name: 'I give my consent' })).not.toBeInTheDocument();
    expect(decisions).toEqual([]);
  });

  it('reads the server\'s refusal of a hold set meanwhile as a hold, without "try again"', async () => {
    guardianApi([leo], {}, () =>
      HttpResponse.json(
        { code: 409, message: 'ProfileOnHold: a guardian decision cannot be taken while ON_HOLD' },
        { status: 409 },
      ),
    );
    const { user } = await openConsent('m-1');
    await user.click(await screen.findByRole('button', { name: 'I give my consent' }));
    expect(await screen.findByText(/Your account is on hold/)).toBeVisible();
    expect(screen.queryByText(/try again/i)).not.toBeInTheDocument();
  });

  it('asks a guardian the server finds not activated to complete their own profile first', async () => {
    guardianApi([leo], {}, () =>
      HttpResponse.json(
        {
          code: 409,
          message: 'ProfileNotActivated: a guardian decision cannot be taken while VERIFIED',
        },
        { status: 409 },
      ),
    );
    const { user } = await openConsent('m-1');
    await user.click(await screen.findByRole('button', { name: 'I give my consent' }));
    expect(await screen.findByText(/complete your own profile first/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Complete my profile' })).toHaveAttribute('href', '/');
  });

  it('shows an earlier decision instead of asking again', async () => {
    guardianApi([{ ...leo, consent: 'true' }, mia]);
    await openConsent('m-1');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'You have already given your consent for Leo Lima.',
    );
    expect(screen.getByRole('link', { name: 'Next: consent for Mia Lima' })).toHaveAttribute(
      'href',
      '/settings/guardian-consent/m-2',
    );
  });
});
