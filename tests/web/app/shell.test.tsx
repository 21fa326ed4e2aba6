// The configuration gate, the maintenance page, old paths, not found, /dev and /auth/register.
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { resolveRegistration } from '../../../src/web/features/auth/components/registration-resolution';
import { renderApp } from '../support/render';
import { configuration, handlers, server } from '../support/server';

describe('frame routing', () => {
  it('sends every route to /maintenance when the configuration fails, and back to root once it loads', async () => {
    let fail = true;
    server.use(
      http.get('/master/funnel/v1/configs', () =>
        fail
          ? HttpResponse.json({ code: 500 }, { status: 500 })
          : HttpResponse.json({ data: configuration }),
      ),
    );
    const { router } = await renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/maintenance'));
    expect(await screen.findByRole('heading', { name: /right back/i })).toBeInTheDocument();
    fail = false;
    server.use(handlers.configs());
    screen.getByRole('button', { name: /try again/i }).click();
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/maintenance'));
  });

  it('redirects the old path prefix to the root flow', async () => {
    const { router } = await renderApp('/portal/settings/old');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows the not-found page with a support link', async () => {
    await renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute(
      'href',
      'mailto:support@example.com',
    );
  });

  it('lists every route on /dev, and /dev/all-pages goes to root', async () => {
    await renderApp('/dev');
    expect(await screen.findByRole('link', { name: '/bank-account/:id' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '/auth/register' })).toBeInTheDocument();
    const { router } = await renderApp('/dev/all-pages');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('/auth/register resolution', () => {
  const base = {
    claimId: null,
    userId: null,
    signedIn: false,
    tokenEmail: undefined,
    tokenSettled: true,
  };
  it.each([
    [{ claimId: 'c', userId: 'u' }, { go: '/auth/login' }],
    [{ claimId: 'c', signedIn: true }, { go: '/' }],
    [
      { claimId: 'c', tokenEmail: 'a@b.co' },
      { tokenId: 'c', claimId: 'c' },
    ],
    [
      { userId: 'u', tokenEmail: 'a@b.co' },
      { tokenId: 'u', claimId: null },
    ],
    [{ claimId: 'c', tokenEmail: undefined }, { go: '/auth/login' }],
    [{}, { go: '/auth/login' }],
    [{ claimId: 'c', signedIn: undefined }, 'loading'],
  ] as const)('%j → %j', (input, expected) => {
    expect(resolveRegistration({ ...base, ...input })).toEqual(expected);
  });

  it('sends a visitor whose token is unknown to sign in', async () => {
    server.use(
      handlers.principal(false),
      handlers.loginPage(false),
      http.get('/master/funnel/v1/tokens/:id', () =>
        HttpResponse.json({ code: 404, message: 'TokenNotFound' }, { status: 404 }),
      ),
    );
    const { router } = await renderApp('/auth/register?claim_id=nope');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
  });
});
