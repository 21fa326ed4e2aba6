// The PayPal connection's `state` without HTTP (issue 30): domain/paypal-connect.ts hands out a
// state bound to one session and spends it once, within ten minutes. The profile is registered
// through the API as in life; the states are issued and spent by calling the domain directly.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  issuePaypalState,
  PAYPAL_STATE_TTL_MS,
  spendPaypalState,
  type ConnectingSession,
} from '../../../src/server/domain/paypal-connect';
import { registeredUser, startTestApp, type TestApp } from '../../api/support/harness';

describe('domain/paypal-connect', () => {
  let t: TestApp;
  let sessionCount = 0;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(async () => t?.close());
  afterEach(() => vi.useRealTimers());

  /** A session of a newly registered profile (the id hash is only compared, never looked up). */
  async function connecting(): Promise<ConnectingSession> {
    const user = await registeredUser(t.app);
    return { profileId: user.profileId, idHash: `session-${++sessionCount}` };
  }
  const db = () => t.app.deps.db;

  it('spends a state once: a replayed return is PaypalStateReused', async () => {
    const session = await connecting();
    const state = await issuePaypalState(db(), session);
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect(spendPaypalState(db(), session, state)).resolves.toBeUndefined();
    await expect(spendPaypalState(db(), session, state)).rejects.toThrow(/^PaypalStateReused/);
  });

  it('lets only one of two racing returns with the same state pass', async () => {
    const session = await connecting();
    const state = await issuePaypalState(db(), session);
    const results = await Promise.allSettled([
      spendPaypalState(db(), session, state),
      spendPaypalState(db(), session, state),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('refuses a state from another session, even of the same profile', async () => {
    const session = await connecting();
    const state = await issuePaypalState(db(), session);
    const otherSession = { ...session, idHash: `${session.idHash}-other` };
    await expect(spendPaypalState(db(), otherSession, state)).rejects.toThrow(
      /^PaypalStateMismatch/,
    );
    const otherProfile = { ...(await connecting()), idHash: session.idHash };
    await expect(spendPaypalState(db(), otherProfile, state)).rejects.toThrow(
      /^PaypalStateMismatch/,
    );
    // Still good where it was issued.
    await expect(spendPaypalState(db(), session, state)).resolves.toBeUndefined();
  });

  it('refuses an unknown or empty state with 400', async () => {
    const session = await connecting();
    await expect(spendPaypalState(db(), session, '')).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/^PaypalStateMismatch/),
    });
    await expect(spendPaypalState(db(), session, 'made-up')).rejects.toThrow(
      /^PaypalStateMismatch/,
    );
  });

  it('accepts only the newest state of a session', async () => {
    const session = await connecting();
    const first = await issuePaypalState(db(), session);
    const second = await issuePaypalState(db(), session);
    await expect(spendPaypalState(db(), session, first)).rejects.toThrow(/^PaypalStateMismatch/);
    await expect(spendPaypalState(db(), session, second)).resolves.toBeUndefined();
  });

  it('refuses a return after ten minutes', async () => {
    const session = await connecting();
    vi.useFakeTimers({ toFake: ['Date'] });
    const late = await issuePaypalState(db(), session);
    vi.setSystemTime(Date.now() + PAYPAL_STATE_TTL_MS);
    await expect(spendPaypalState(db(), session, late)).rejects.toThrow(/^PaypalStateMismatch/);

    const inTime = await issuePaypalState(db(), session);
    vi.setSystemTime(Date.now() + PAYPAL_STATE_TTL_MS - 1000);
    await expect(spendPaypalState(db(), session, inTime)).resolves.toBeUndefined();
  });
});
