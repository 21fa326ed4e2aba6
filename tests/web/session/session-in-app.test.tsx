// The controller as mounted by the app shell: active for a signed-in user, inert for visitors.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../support/render';
import { handlers, server } from '../support/server';

const back = () => window.dispatchEvent(new PopStateEvent('popstate', { state: { idx: 0 } }));

describe('session controller in the app', () => {
  it('runs for a signed-in user', async () => {
    const { router } = await renderApp('/dashboard');
    await waitFor(() => expect(document.cookie).toContain('currentWindowId='));
    expect(router.state.location.pathname).toBe('/dashboard');
    back();
    expect(
      await screen.findByText('Use the links in the portal to move between pages.'),
    ).toBeInTheDocument();
  });

  it('does nothing for an anonymous visitor', async () => {
    server.use(handlers.principal(false), handlers.loginPage(false));
    const { router } = await renderApp('/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/start'));
    await screen.findByRole('heading', { name: /Welcome to Payee Portal/ });
    back();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText('Use the links in the portal to move between pages.')).toBeNull();
    expect(document.cookie).not.toContain('existingWindowId=');
  });
});
