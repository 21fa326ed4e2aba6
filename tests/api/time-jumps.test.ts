// Time jumps with a controllable clock: only `Date` is faked (timers and I/O stay real), so the
// server's own clock moves and every expiry is computed and checked by the real code at its real
// figures: codes live 10 minutes, sessions end after 30 minutes idle and 12 hours in all, an
// invitation lives INVITATION_TTL_DAYS (30 by default).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATABASE_KINDS } from './support/databases';
import {
  createClaim,
  latestOtp,
  registeredUser,
  startTestApp,
  uniqueEmail,
  type TestApp,
} from './support/harness';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Moves the server's clock (and the test's) forward. */
const jump = (ms: number) => vi.setSystemTime(Date.now() + ms);

describe.each(DATABASE_KINDS)('time jumps on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());
  afterEach(() => {
    vi.useRealTimers();
  });
  const fakeClock = () => vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });

  /** The portal's refresh of the five-minute access window through the login page. */
  const refresh = async (browser: Awaited<ReturnType<typeof registeredUser>>['browser']) =>
    (await browser.get('/master/auth-app/v1/login')).status;

  it('accepts an emailed code at 9 minutes 50 seconds and refuses one at 10 minutes 10 seconds', async () => {
    const early = await registeredUser(t.app);
    const late = await registeredUser(t.app);
    fakeClock();
    expect((await early.browser.api('POST', '/me/verify/otp', {})).status).toBe(200);
    expect((await late.browser.api('POST', '/me/verify/otp', {})).status).toBe(200);
    jump(9 * MINUTE + 50_000);
    expect(await refresh(early.browser)).toBe(200);
    const accepted = await early.browser.api('PUT', '/me/verify', {
      otp: await latestOtp(t.app, early.email),
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    jump(20_000);
    expect(await refresh(late.browser)).toBe(200);
    const refused = await late.browser.api('PUT', '/me/verify', {
      otp: await latestOtp(t.app, late.email),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Wrong OTP');
    // A new code works again: the refusal was the clock, not the code.
    expect((await late.browser.api('POST', '/me/verify/otp', {})).status).toBe(200);
    const fresh = await late.browser.api('PUT', '/me/verify', {
      otp: await latestOtp(t.app, late.email),
    });
    expect(fresh.status).toBe(200);
  });

  it('ends a session idle for 30 minutes, keeps one active at 29', async () => {
    const idle = await registeredUser(t.app);
    const active = await registeredUser(t.app);
    fakeClock();
    // Both seen now.
    expect((await idle.browser.api('GET', '/me')).status).toBe(200);
    expect((await active.browser.api('GET', '/me')).status).toBe(200);
    jump(29 * MINUTE);
    expect(await refresh(active.browser)).toBe(200);
    expect((await active.browser.api('GET', '/me')).status).toBe(200);
    jump(1 * MINUTE + 10_000);
    expect(await refresh(idle.browser)).toBe(401);
    expect((await idle.browser.api('GET', '/me')).status).toBe(401);
    expect((await idle.browser.api('PATCH', '/me', { preferredLanguage: 'fr' })).status).toBe(401);
    // The other, active a minute ago, is still in.
    expect(await refresh(active.browser)).toBe(200);
    expect((await active.browser.api('GET', '/me')).status).toBe(200);
  });

  it('ends a session 12 hours after sign-in however active it stays', async () => {
    const user = await registeredUser(t.app);
    fakeClock();
    const signedInAt = Date.now();
    // Active every 20 minutes: never idle, the access window refreshed each time.
    while (Date.now() - signedInAt < 12 * HOUR - 20 * MINUTE) {
      jump(20 * MINUTE);
      expect(await refresh(user.browser), new Date().toISOString()).toBe(200);
      expect((await user.browser.api('GET', '/me')).status).toBe(200);
    }
    jump(12 * HOUR - (Date.now() - signedInAt) + MINUTE);
    expect(await refresh(user.browser)).toBe(401);
    expect((await user.browser.api('GET', '/me')).status).toBe(401);
    // Signing in again starts a new session (back on the real clock: a new session's last activity
    // is the database's now(), which the fake Date does not move).
    vi.useRealTimers();
    await user.browser.signIn(user.email);
    expect((await user.browser.api('GET', '/me')).status).toBe(200);
  }, 40_000);

  it('expires an invitation after INVITATION_TTL_DAYS: the link and registration are refused', async () => {
    const email = uniqueEmail('invited');
    fakeClock();
    const created = await createClaim(t.app, email);
    const ttl = t.config.invitationTtlDays * DAY;
    jump(ttl - HOUR);
    const live = await t.app.inject({
      method: 'GET',
      url: `/master/funnel/v1/tokens/${created.tokenId}`,
    });
    expect(live.statusCode).toBe(200);
    jump(2 * HOUR);
    for (const id of [created.tokenId, created.claim.id]) {
      const expired = await t.app.inject({ method: 'GET', url: `/master/funnel/v1/tokens/${id}` });
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toMatchObject({
        code: 410,
        message: expect.stringMatching(/^TokenExpired/),
      });
    }
    const registration = await t.app.inject({
      method: 'POST',
      url: '/master/funnel/v1/me',
      payload: {
        data: { email, termsAccepted: true },
        password: 'Sunrise-42-river',
        claimId: created.claim.id,
      },
    });
    expect(registration.statusCode).toBe(410);
  });
});
