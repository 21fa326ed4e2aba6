// The forgotten-password flow without HTTP (issue 30): domain/password-reset.ts issues a mailed
// link that works once, for an hour, at most three an hour, and whose use ends every session and
// every other link of the account. The account is registered through the API as in life, signs in
// through the login form, and reads its mail in the development outbox; the reset itself is done by
// calling the domain directly, as the sign-in pages' routes do.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  issueResetToken,
  isLiveResetToken,
  passwordResets,
  resetPassword,
  RESET_TTL_MINUTES,
  RESETS_PER_HOUR,
} from '../../../src/server/domain/password-reset';
import {
  Browser,
  outbox,
  registeredUser,
  startTestApp,
  uniqueEmail,
  type TestApp,
} from '../../api/support/harness';

const NEW_PASSWORD = 'Lantern-77-harbour';
const LOGIN_PATH = '/master/auth-app/v1/login';

describe('domain/password-reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(async () => t?.close());
  afterEach(() => vi.useRealTimers());

  const account = async () => {
    const user = await registeredUser(t.app);
    return { ...user, profile: { id: user.profileId, email: user.email } };
  };
  /** Whether `password` opens a new session of the account (the login form, then GET /me). */
  async function signsIn(email: string, password: string): Promise<boolean> {
    const browser = new Browser(t.app);
    await browser.signIn(email, password);
    return (await browser.api('GET', '/me')).status === 200;
  }

  it('mails a link for an account and tells nothing for an email without one', async () => {
    const resets = passwordResets(t.app.deps);
    const nobody = uniqueEmail('nobody');
    expect(await resets.requestReset(nobody, LOGIN_PATH, 'en')).toBeUndefined();
    expect(await outbox(t.app, nobody)).toEqual([]);

    const user = await account();
    const request = await resets.requestReset(user.email, LOGIN_PATH, 'en');
    expect(request?.profileId).toBe(user.profileId);
    expect(await request!.deliver()).toBe(true);
    const [mail] = await outbox(t.app, user.email);
    const link = /https?:\/\/\S+\/reset\?\S+/.exec(mail!.text)?.[0];
    expect(link).toContain(`${LOGIN_PATH}/reset?`);
    const token = new URL(link!).searchParams.get('token')!;
    expect(await resets.isLive(token)).toBe(true);
  });

  it('resets once: the link is spent, the old sessions end, the new password works', async () => {
    const user = await account();
    expect((await user.browser.api('GET', '/me')).status).toBe(200);
    const token = (await issueResetToken(t.app.deps.db, user.profile))!;
    const resets = passwordResets(t.app.deps);

    const done = await resets.reset(token, NEW_PASSWORD, NEW_PASSWORD, LOGIN_PATH);
    expect(done).toEqual({ state: 'done', profileId: user.profileId });
    expect(await resets.isLive(token)).toBe(false);
    expect(await resets.reset(token, 'Another-88-meadow', 'Another-88-meadow', LOGIN_PATH)).toEqual(
      { state: 'expired' },
    );
    expect((await user.browser.api('GET', '/me')).status).toBe(401);
    expect(await signsIn(user.email, NEW_PASSWORD)).toBe(true);

    // The "password changed" notice is queued in the reset's transaction.
    await t.app.deps.mailer.flush();
    const notice = (await outbox(t.app, user.email))[0];
    expect(notice?.text).toContain(`${LOGIN_PATH}/forgot?`);
  });

  it('spends every other link of the account with the reset', async () => {
    const user = await account();
    const { db, forms } = t.app.deps;
    const older = (await issueResetToken(db, user.profile))!;
    const used = (await issueResetToken(db, user.profile))!;
    expect(await isLiveResetToken(db, older)).toBe(true);
    expect((await resetPassword(db, forms, used, NEW_PASSWORD, NEW_PASSWORD)).state).toBe('done');
    expect(await isLiveResetToken(db, older)).toBe(false);
    expect((await resetPassword(db, forms, older, NEW_PASSWORD, NEW_PASSWORD)).state).toBe(
      'expired',
    );
  });

  it('keeps the link alive when the new password is refused', async () => {
    const user = await account();
    const { db, forms } = t.app.deps;
    const token = (await issueResetToken(db, user.profile))!;
    const mismatched = await resetPassword(db, forms, token, NEW_PASSWORD, `${NEW_PASSWORD}x`);
    expect(mismatched.state).toBe('invalid');
    // A common password is refused by the blocklist, as at registration.
    const common = await resetPassword(db, forms, token, 'Password123', 'Password123');
    expect(common).toMatchObject({
      state: 'invalid',
      errors: [{ path: '/password', keyword: 'commonPassword' }],
    });
    expect(await isLiveResetToken(db, token)).toBe(true);
    expect((await user.browser.api('GET', '/me')).status).toBe(200);
  });

  it('expires a link after an hour', async () => {
    const user = await account();
    const { db, forms } = t.app.deps;
    vi.useFakeTimers({ toFake: ['Date'] });
    const token = (await issueResetToken(db, user.profile))!;
    vi.setSystemTime(Date.now() + RESET_TTL_MINUTES * 60 * 1000 - 1000);
    expect(await isLiveResetToken(db, token)).toBe(true);
    vi.setSystemTime(Date.now() + 1000);
    expect(await isLiveResetToken(db, token)).toBe(false);
    expect(await resetPassword(db, forms, token, NEW_PASSWORD, NEW_PASSWORD)).toEqual({
      state: 'expired',
    });
  });

  it('sends an account at most three links an hour', async () => {
    const user = await account();
    const { db } = t.app.deps;
    vi.useFakeTimers({ toFake: ['Date'] });
    for (let i = 0; i < RESETS_PER_HOUR; i++)
      expect(await issueResetToken(db, user.profile)).toEqual(expect.any(String));
    expect(await issueResetToken(db, user.profile)).toBeNull();
    const request = await passwordResets(t.app.deps).requestReset(user.email, LOGIN_PATH, 'en');
    expect(await request!.deliver()).toBe(false);
    // An hour later the account may ask again.
    vi.setSystemTime(Date.now() + 60 * 60 * 1000 + 1000);
    expect(await issueResetToken(db, user.profile)).toEqual(expect.any(String));
  });

  it('refuses an unknown or empty token', async () => {
    const { db, forms } = t.app.deps;
    expect(await isLiveResetToken(db, '')).toBe(false);
    expect(await resetPassword(db, forms, '', NEW_PASSWORD, NEW_PASSWORD)).toEqual({
      state: 'expired',
    });
    expect(await resetPassword(db, forms, 'made-up', NEW_PASSWORD, NEW_PASSWORD)).toEqual({
      state: 'expired',
    });
  });
});
