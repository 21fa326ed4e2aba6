import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { profileApi } from '../../../src/web/api/profile-api';
import { configuration, profileWith, server } from '../support/server';
import { advance, renderSession } from '../support/session';

const POLL_MS = configuration.appConfig.profileRefreshInterval * 1000;

/** A server whose profile status the test changes; counts the profile loads. */
function liveServer(initial: string) {
  const state = { status: initial, profileLoads: 0, profileFails: false };
  server.use(
    http.get('/master/funnel/v1/me/status', () =>
      HttpResponse.json({ data: { status: state.status } }),
    ),
    http.get('/master/funnel/v1/me', () => {
      state.profileLoads += 1;
      return state.profileFails
        ? HttpResponse.json({ code: 500, message: 'boom' }, { status: 500 })
        : HttpResponse.json({ data: profileWith({ status: state.status as 'ACTIVATED' }) });
    }),
  );
  return state;
}

describe('live status changes', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it.each([
    ['ACTIVATED', 'ID_PROOFING_PENDING', '/id-proofing'],
    ['ACTIVATED', 'LOCKED', '/account-blocked'],
    ['ACTIVATED', 'DEACTIVATED', '/account-blocked'],
    ['ACTIVATED', 'ON_HOLD', '/dashboard'],
    ['LOCKED', 'ACTIVATED', '/dashboard'],
    ['DEACTIVATED', 'ACTIVATED', '/dashboard'],
  ])('%s → %s goes to %s after reloading the profile', async (from, to, target) => {
    const state = liveServer(from);
    const start = target === '/dashboard' ? '/settings' : '/dashboard';
    const { router, store } = await renderSession(start);
    await waitFor(() => expect(state.profileLoads).toBe(1));
    await advance(POLL_MS + 1_000);
    expect(router.state.location.pathname).toBe(start);

    let loadsWhenMoved = 0;
    router.subscribe((next) => {
      if (next.location.pathname === target) loadsWhenMoved ||= state.profileLoads;
    });
    state.status = to;
    await advance(POLL_MS);
    await waitFor(() => expect(router.state.location.pathname).toBe(target));
    // The profile was reloaded before the user was moved.
    expect(loadsWhenMoved).toBeGreaterThanOrEqual(2);
    // The rest of the app sees the new status.
    expect(profileApi.endpoints.getProfile.select()(store.getState()).data?.status).toBe(to);
  });

  it('does not move the user when the status does not change or the change is not listed', async () => {
    const state = liveServer('ACTIVATED');
    const { router } = await renderSession('/settings');
    await waitFor(() => expect(state.profileLoads).toBe(1));
    await advance(POLL_MS * 2);
    state.status = 'GUARDIAN_CONSENT_PENDING';
    await advance(POLL_MS * 2);
    await waitFor(() => expect(state.profileLoads).toBe(2));
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('the first status seen is not a change', async () => {
    const state = liveServer('LOCKED');
    const { router } = await renderSession('/account-blocked');
    await waitFor(() => expect(state.profileLoads).toBe(1));
    await advance(POLL_MS * 2);
    expect(router.state.location.pathname).toBe('/account-blocked');
  });

  it('only logs a failed id-proofing status load, and still goes to /id-proofing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const state = liveServer('ACTIVATED');
    const { router, store } = await renderSession('/dashboard');
    await waitFor(() => expect(state.profileLoads).toBe(1));
    state.status = 'ID_PROOFING_FAILED';
    state.profileFails = true;
    await advance(POLL_MS);
    await waitFor(() => expect(router.state.location.pathname).toBe('/id-proofing'));
    expect(state.profileLoads).toBeGreaterThanOrEqual(2);
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('Profile reload'),
      expect.objectContaining({ status: 500 }),
    );
    // Only logged: no server-error modal over the page.
    expect(store.getState().ui.errorModal).toBeNull();
  });
});
