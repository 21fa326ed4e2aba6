import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCookie, writeCookie } from '../../../src/web/lib/cookies';
import { configuration, server } from '../support/server';
import { countRequests, renderSession } from '../support/session';

const VERIFY_URL = '/master/funnel/v1/me/verify-access-otp';

function otpFeature(enabled: boolean) {
  const withOtp = {
    ...configuration,
    businessRules: { ...configuration.businessRules, UserRegistrationOTPEnabled: enabled },
  };
  server.use(http.get('/master/funnel/v1/configs', () => HttpResponse.json({ data: withOtp })));
}

function verifyAnswers(status: boolean) {
  const seen: unknown[] = [];
  server.use(
    http.post(VERIFY_URL, async ({ request }) => {
      seen.push(await request.json());
      return HttpResponse.json({ data: { status } });
    }),
  );
  return seen;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('access OTP', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('sends a user who has not passed the check to /registration/verify-account', async () => {
    otpFeature(true);
    const seen = verifyAnswers(false);
    const { router } = await renderSession('/dashboard');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/registration/verify-account'),
    );
    expect(seen).toEqual([{ profileId: 'p-1' }]);
    expect(readCookie('token')).toBeUndefined();
  });

  it('sets the token cookie to the profile id when the check passes', async () => {
    otpFeature(true);
    const seen = verifyAnswers(true);
    const { router } = await renderSession('/dashboard');
    await waitFor(() => expect(readCookie('token')).toBe('p-1'));
    expect(seen).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('does not check when the cookie already holds the profile id', async () => {
    otpFeature(true);
    writeCookie('token', 'p-1');
    const calls = countRequests('post', VERIFY_URL, () =>
      HttpResponse.json({ data: { status: false } }),
    );
    await renderSession('/dashboard');
    await settle();
    expect(calls.count).toBe(0);
  });

  it('does not check on the verify-account page itself', async () => {
    otpFeature(true);
    const calls = countRequests('post', VERIFY_URL, () =>
      HttpResponse.json({ data: { status: false } }),
    );
    await renderSession('/registration/verify-account');
    await settle();
    expect(calls.count).toBe(0);
  });

  it('does not check when the feature is off', async () => {
    otpFeature(false);
    const calls = countRequests('post', VERIFY_URL, () =>
      HttpResponse.json({ data: { status: false } }),
    );
    await renderSession('/dashboard');
    await settle();
    expect(calls.count).toBe(0);
  });
});
