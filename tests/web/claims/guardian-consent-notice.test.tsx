// The dashboard of a minor waiting for a guardian's consent: a notice at the top says who was asked
// and why claims cannot be accepted yet; other profiles do not see it.
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Guardian } from '../../../src/core/types/entities/guardian';
import type { Profile } from '../../../src/core/types/entities/profile';
import ClaimsDashboardPage from '../../../src/web/features/claims/components/dashboard-page';
import { renderWithProviders } from '../support/render';
import { handlers, profileWith, server } from '../support/server';

const maria: Guardian = {
  id: 'g-1',
  firstName: 'Maria',
  lastName: 'Lima',
  email: 'maria@example.com',
  relationship: 'PARENT',
  consent: null,
};

async function renderDashboard(over: Partial<Profile>) {
  server.use(handlers.profile(profileWith(over)));
  await renderWithProviders(
    <MemoryRouter>
      <ClaimsDashboardPage />
    </MemoryRouter>,
  );
  await screen.findByRole('region', { name: 'Upcoming claims' });
}

const notice = () => screen.findByRole('region', { name: 'Waiting for your guardian’s consent' });

describe("dashboard notice while a guardian's consent is pending", () => {
  it('names the invited guardian, first on the page, and says claims cannot be accepted yet', async () => {
    await renderDashboard({
      status: 'GUARDIAN_CONSENT_PENDING',
      isMinor: true,
      guardians: [maria],
    });
    const region = await notice();
    expect(region).toHaveTextContent(
      'We emailed Maria Lima (maria@example.com) a link to review your account and give their consent.',
    );
    expect(region).toHaveTextContent(/you cannot accept them/);
    const upcoming = screen.getByRole('region', { name: 'Upcoming claims' });
    expect(
      region.compareDocumentPosition(upcoming) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('lists only guardians who have not answered, by email when that is all there is', async () => {
    await renderDashboard({
      status: 'GUARDIAN_CONSENT_PENDING',
      isMinor: true,
      guardians: [
        { ...maria, consent: 'true' },
        { id: 'g-2', email: 'joao@example.com', consent: null },
      ],
    });
    const region = await notice();
    expect(region).not.toHaveTextContent(/Maria Lima/);
    expect(region).toHaveTextContent('We emailed joao@example.com a link');
  });

  it('still explains the wait when the profile names no guardian', async () => {
    await renderDashboard({ status: 'GUARDIAN_CONSENT_PENDING', isMinor: true, guardians: [] });
    expect(await notice()).toHaveTextContent(/We emailed your guardian a link/);
  });

  it('is not shown to an activated profile', async () => {
    server.use(
      http.get('/master/funnel/v1/claims', () =>
        HttpResponse.json({
          data: [
            {
              id: 'c-1',
              status: 'CLAIM_CREATED',
              amount: '100.00',
              currency: 'USD',
              merchantName: 'Acme',
              createdAt: '2024-03-05T10:00:00Z',
            },
          ],
        }),
      ),
    );
    await renderDashboard({ status: 'ACTIVATED' });
    // "Accept" is offered only once the activated profile has loaded, so absence below is real.
    await screen.findByRole('button', { name: 'Accept' });
    expect(
      screen.queryByRole('region', { name: 'Waiting for your guardian’s consent' }),
    ).not.toBeInTheDocument();
  });
});

describe('dashboard of a guardian who is still setting up', () => {
  it('says which minor asks for consent and leads to the own profile first', async () => {
    server.use(
      http.get('/master/funnel/v1/claims', () =>
        HttpResponse.json({
          data: [
            {
              id: 'c-1',
              status: 'CLAIM_CREATED',
              amount: '100.00',
              currency: 'USD',
              merchantName: 'Acme',
              createdAt: '2024-03-05T10:00:00Z',
            },
          ],
        }),
      ),
    );
    await renderDashboard({
      status: 'VERIFIED',
      minors: [{ id: 'm-1', firstName: 'Leo', lastName: 'Lima', consent: null }],
    });
    const region = await screen.findByRole('region', { name: 'Leo Lima asked for your consent' });
    expect(region).toHaveTextContent(/complete your own profile/);
    expect(screen.getByRole('link', { name: 'Complete my profile' })).toHaveAttribute(
      'href',
      '/registration',
    );
    // Not activated: the claim shows, but cannot be accepted from here.
    expect(await screen.findByText('Acme')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('says nothing once every minor has a decision', async () => {
    // ON_HOLD mounts the setup notice (any status but ACTIVATED) and proves the profile loaded.
    await renderDashboard({
      status: 'ON_HOLD',
      minors: [
        { id: 'm-1', firstName: 'Leo', lastName: 'Lima', consent: 'true' },
        { id: 'm-2', firstName: 'Ana', lastName: 'Lima', consent: 'false' },
      ],
    });
    expect(await screen.findByText(/Your account is on hold/)).toBeVisible();
    expect(
      screen.queryByRole('region', { name: /asked for your consent/ }),
    ).not.toBeInTheDocument();
  });
});
