// Spec section 8: a runtime error anywhere shows the client-error modal (an error boundary per
// screen, a global handler for the rest), never the router's crash page; an unknown profile status
// and the internal errors are such errors; an empty configuration is a failed load.
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installGlobalErrorHandler } from '../../../src/web/app/global-errors';
import { createStore } from '../../../src/web/app/store';
import { renderApp } from '../support/render';
import { handlers, profileWith, server } from '../support/server';

const CLIENT_ERROR = 'Something went wrong in your browser';

describe('errors that end in nothing', () => {
  afterEach(() => vi.restoreAllMocks());

  it('an unknown profile status shows the client-error modal inside the layout, not a crash page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(handlers.profile(profileWith({ status: 'TELEPORTED' as 'ACTIVATED' })));
    await renderApp('/');
    expect(await screen.findByRole('alertdialog', { name: CLIENT_ERROR })).toBeVisible();
    expect(
      screen.getByRole('heading', { level: 1, name: 'This page could not be shown' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the start' })).toHaveAttribute('href', '/');
    // The portal's frame is still there around it.
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.queryByText(/Unexpected Application Error/)).toBeNull();
  });

  it('raises "Principal is missing" when the principal call answers without one', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get('/master/auth-app/v1/principal', () => HttpResponse.json({ data: null })));
    await renderApp('/dashboard');
    expect(await screen.findByRole('alertdialog', { name: CLIENT_ERROR })).toBeVisible();
    expect(logged.mock.calls.flat().map(String).join(' ')).toContain('Principal is missing');
  });

  it('treats an empty configuration as a failed load: the maintenance page', async () => {
    server.use(http.get('/master/funnel/v1/configs', () => HttpResponse.json({ data: {} })));
    const { router } = await renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/maintenance'));
  });

  it('the global handler shows the modal for an uncaught error, not for API errors or on maintenance', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = createStore();
    const stop = installGlobalErrorHandler(store);
    try {
      const rejection = (reason: unknown) => {
        const event = new Event('unhandledrejection') as PromiseRejectionEvent;
        Object.defineProperty(event, 'reason', { value: reason });
        window.dispatchEvent(event);
      };
      rejection({ status: 400, data: { code: 400, message: 'ValidationError' } });
      window.dispatchEvent(new ErrorEvent('error', { message: 'img failed' }));
      expect(store.getState().ui.errorModal).toBeNull();

      window.history.pushState({}, '', '/maintenance');
      window.dispatchEvent(new ErrorEvent('error', { error: new Error('boom'), message: 'boom' }));
      expect(store.getState().ui.errorModal).toBeNull();

      window.history.pushState({}, '', '/dashboard');
      rejection(new TypeError('x is undefined'));
      expect(store.getState().ui.errorModal).toBe('client');
    } finally {
      stop();
    }
  });
});
