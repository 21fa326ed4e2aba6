import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { server, signedInHandlers, profileWith, handlers } from './support/server';
import { renderApp } from './support/render';

describe('route guards', () => {
  it('sends an anonymous visitor to /auth/start with the redirect URL', async () => {
    server.use(handlers.principal(false), handlers.loginPage(false));
    const { router } = await renderApp('/settings?tab=methods');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/start'));
    expect(router.state.location.search).toBe(
      `?redirectUrl=${encodeURIComponent('/settings?tab=methods')}`,
    );
    expect(
      await screen.findByRole('heading', { name: /Welcome to Payee Portal/ }),
    ).toBeInTheDocument();
  });

  it('sends a user whose status the route does not allow where the root flow says', async () => {
    server.use(...signedInHandlers(profileWith({ status: 'CREATED' })));
    const { router } = await renderApp('/settings');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/registration/verify-account'),
    );
  });

  it('does not open the profile form on hold (every save would be refused): settings say why', async () => {
    server.use(...signedInHandlers(profileWith({ status: 'ON_HOLD' })));
    const { router } = await renderApp('/registration/personal-info');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(
      await screen.findByText(
        'While your account is on hold your profile cannot be changed; contact support if a detail is wrong.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit profile' })).not.toBeInTheDocument();
  });
});
