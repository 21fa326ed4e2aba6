// The data-access rules of spec section 8: {data} unwrapped, 401 → refresh through the login page
// path and retry once → else /auth/login; the timeout header; the global error-modal rule.
import { http, HttpResponse, delay } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { createStore } from '../../../src/web/app/store';
import { classifyError } from '../../../src/web/app/error-rules';
import { api, setLoginPagePath } from '../../../src/web/lib/api';
import { setNavigator } from '../../../src/web/lib/navigation';
import { claimsApi } from '../../../src/web/features/claims/api/claims-api';
import { configuration, server } from '../support/server';

const LOGIN = configuration.appConfig.loginPagePath;

function setup() {
  setLoginPagePath(LOGIN);
  const navigate = vi.fn();
  setNavigator(navigate);
  const store = createStore();
  return { store, navigate };
}

describe('API layer', () => {
  it('unwraps {data}', async () => {
    const { store } = setup();
    server.use(
      http.get('/master/funnel/v1/claims', () => HttpResponse.json({ data: [{ id: 'c1' }] })),
    );
    const result = await store.dispatch(claimsApi.endpoints.getClaims.initiate());
    expect(result.data).toEqual([{ id: 'c1' }]);
  });

  it('on 401 refreshes through the login page path and retries once', async () => {
    const { store, navigate } = setup();
    let calls = 0;
    let refreshed = 0;
    server.use(
      http.get('/master/funnel/v1/claims', () =>
        ++calls === 1
          ? HttpResponse.json({ code: 401 }, { status: 401 })
          : HttpResponse.json({ data: [] }),
      ),
      http.get(LOGIN, () => {
        refreshed++;
        return new HttpResponse('OK');
      }),
    );
    const result = await store.dispatch(claimsApi.endpoints.getClaims.initiate());
    expect(result.data).toEqual([]);
    expect([calls, refreshed]).toEqual([2, 1]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('goes to /auth/login when the refresh fails', async () => {
    const { store, navigate } = setup();
    server.use(
      http.get('/master/funnel/v1/claims', () => HttpResponse.json({ code: 401 }, { status: 401 })),
      http.get(LOGIN, () => new HttpResponse('Unauthorized', { status: 401 })),
    );
    await store.dispatch(claimsApi.endpoints.getClaims.initiate());
    expect(navigate).toHaveBeenCalledWith('/auth/login');
  });

  it('goes to /auth/login when the retry answers 401 again', async () => {
    const { store, navigate } = setup();
    let calls = 0;
    server.use(
      http.get('/master/funnel/v1/claims', () => {
        calls++;
        return HttpResponse.json({ code: 401 }, { status: 401 });
      }),
      http.get(LOGIN, () => new HttpResponse('OK')),
    );
    await store.dispatch(claimsApi.endpoints.getClaims.initiate());
    expect(calls).toBe(2);
    expect(navigate).toHaveBeenCalledWith('/auth/login');
  });

  it('sends the CSRF cookie value on writes', async () => {
    const { store } = setup();
    document.cookie = 'XSRF-TOKEN=abc123; Path=/';
    let header: string | null = null;
    server.use(
      http.put('/master/funnel/v1/claims/c1/cancel', ({ request }) => {
        header = request.headers.get('x-csrf-token');
        return HttpResponse.json({ data: { id: 'c1', status: 'CANCELLED' } });
      }),
    );
    await store.dispatch(claimsApi.endpoints.cancelClaim.initiate('c1'));
    expect(header).toBe('abc123');
  });

  it('times out after the timeout header, which is not sent', async () => {
    const { store } = setup();
    let sawHeader = true;
    const slow = api.injectEndpoints({
      endpoints: (build) => ({
        slowCall: build.query<unknown, undefined>({
          query: () => ({ url: '/funnel/v1/slow', headers: { timeout: '50' } }),
        }),
      }),
      overrideExisting: true,
    });
    server.use(
      http.get('/master/funnel/v1/slow', async ({ request }) => {
        sawHeader = request.headers.has('timeout');
        await delay(500);
        return HttpResponse.json({ data: 1 });
      }),
    );
    const result = await store.dispatch(slow.endpoints.slowCall.initiate(undefined));
    expect((result.error as { status: string }).status).toBe('TIMEOUT_ERROR');
    expect(sawHeader).toBe(false);
  });
});

describe('global error rule', () => {
  const ctx = { pathname: '/dashboard', url: '/master/funnel/v1/claims', loginPagePath: LOGIN };
  it.each([
    [400, 'ignore'],
    [404, 'ignore'],
    [409, 'ignore'],
    [500, 'server'],
    [502, 'server'],
    [403, 'server'],
    ['FETCH_ERROR', 'client'],
    ['TIMEOUT_ERROR', 'client'],
    ['PARSING_ERROR', 'client'],
  ] as const)('%s → %s', (status, verdict) => {
    expect(classifyError({ status }, ctx)).toBe(verdict);
  });
  it('leaves the access-code and blocked-account refusals to the portal, and an expired link to its page', () => {
    const refusal = (message: string) => ({ status: 403, data: { code: 403, message } });
    expect(classifyError(refusal('AccessCodeRequired: enter the code'), ctx)).toBe('ignore');
    expect(classifyError(refusal('ProfileBlocked: the account is LOCKED'), ctx)).toBe('ignore');
    expect(classifyError(refusal('CsrfTokenMissing: send it'), ctx)).toBe('server');
    expect(classifyError({ status: 410 }, ctx)).toBe('ignore');
  });

  it('sends a session that has not entered the access code to the code page', async () => {
    const { store, navigate } = setup();
    server.use(
      http.get('/master/funnel/v1/claims', () =>
        HttpResponse.json(
          { code: 403, message: 'AccessCodeRequired: enter the access code sent to your email' },
          { status: 403 },
        ),
      ),
    );
    await store.dispatch(claimsApi.endpoints.getClaims.initiate());
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/registration/verify-account'));
    expect(store.getState().ui.errorModal).toBeNull();
  });

  it('ignores errors from the login path and client errors on the maintenance page', () => {
    expect(classifyError({ status: 500 }, { ...ctx, url: `${LOGIN}?x=1` })).toBe('ignore');
    expect(classifyError({ status: 'FETCH_ERROR' }, { ...ctx, pathname: '/maintenance' })).toBe(
      'ignore',
    );
  });

  it('opens one error modal at a time: the first one stays', async () => {
    const { store } = setup();
    server.use(
      http.get('/master/funnel/v1/claims', () => HttpResponse.json({ code: 500 }, { status: 500 })),
      http.get('/master/funnel/v1/me/status', () => HttpResponse.error()),
    );
    await store.dispatch(claimsApi.endpoints.getClaims.initiate());
    await waitFor(() => expect(store.getState().ui.errorModal).toBe('server'));
    const { profileApi } = await import('../../../src/web/api/profile-api');
    await store.dispatch(profileApi.endpoints.getProfileStatus.initiate());
    expect(store.getState().ui.errorModal).toBe('server');
  });

  it('opens nothing for a 409', async () => {
    const { store } = setup();
    server.use(
      http.put('/master/funnel/v1/claims/c9/cancel', () =>
        HttpResponse.json({ code: 409, message: 'ClaimNotCancellable' }, { status: 409 }),
      ),
    );
    await store.dispatch(claimsApi.endpoints.cancelClaim.initiate('c9'));
    expect(store.getState().ui.errorModal).toBeNull();
  });
});
