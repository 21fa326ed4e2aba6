// The sign-in domain module without HTTP (issue 30): the recipient registers through the API as in
// life, then domain/sign-in.ts is called directly, the way the sign-in page's POST calls it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lockSeconds,
  recipientSignIn,
  SOFT_LOCK_AFTER_FAILURES,
  type RecipientSignIn,
  type SignInOutcome,
} from '../../../src/server/domain/sign-in';
import {
  PASSWORD,
  registeredUser,
  startTestApp,
  uniqueEmail,
  type TestApp,
} from '../../api/support/harness';
import { DATABASE_KINDS } from '../../api/support/databases';

/** What the sign-in page shows of an outcome: signed in, or the gate (never who the email is). */
const answer = (outcome: SignInOutcome) =>
  outcome.state === 'signedIn' ? 'signedIn' : outcome.gate.state;

describe.each(DATABASE_KINDS)('domain/sign-in on %s', (kind) => {
  let t: TestApp;
  let signIns: RecipientSignIn;
  beforeAll(async () => {
    t = await startTestApp(kind);
    signIns = recipientSignIn(t.app.deps);
  });
  afterAll(async () => t?.close());

  it('counts a wrong password against the account', async () => {
    const { email, profileId } = await registeredUser(t.app);
    const first = await signIns.signIn(email, 'not-the-password-1');
    expect(first).toMatchObject({
      state: 'refused',
      gate: { state: 'open' },
      detail: { lockedOut: false, profileId, failures: 1 },
    });
    const second = await signIns.signIn(email, 'not-the-password-2');
    expect(second).toMatchObject({ state: 'refused', detail: { failures: 2 } });
  });

  it('locks the account at the limit, and then refuses even the right password', async () => {
    const { email } = await registeredUser(t.app);
    for (let i = 1; i < SOFT_LOCK_AFTER_FAILURES; i++)
      expect(answer(await signIns.signIn(email, `wrong-${i}`))).toBe('open');
    const last = await signIns.signIn(email, 'wrong-last');
    expect(last).toMatchObject({
      state: 'refused',
      gate: { state: 'locked', retryAfterSeconds: lockSeconds(SOFT_LOCK_AFTER_FAILURES) },
      detail: { lockedOut: false, failures: SOFT_LOCK_AFTER_FAILURES },
    });
    const right = await signIns.signIn(email, PASSWORD);
    expect(right).toMatchObject({
      state: 'refused',
      gate: { state: 'locked' },
      detail: { lockedOut: true },
    });
  });

  it('answers an unknown email as it answers a known one, try for try', async () => {
    const { email } = await registeredUser(t.app);
    const unknown = uniqueEmail('nobody');
    for (let i = 1; i <= SOFT_LOCK_AFTER_FAILURES + 1; i++) {
      const known = await signIns.signIn(email, `guess-${i}`);
      const nobody = await signIns.signIn(unknown, `guess-${i}`);
      expect(nobody.state).toBe(known.state);
      expect(answer(nobody), `try ${i}`).toBe(answer(known));
      // Only the log's detail knows there is no account.
      if (nobody.state === 'refused') expect(nobody.detail.profileId).toBeUndefined();
    }
    // Locked alike, and the lock says the same wait (within the second the tries took).
    const known = await signIns.signIn(email, 'guess-locked');
    const nobody = await signIns.signIn(unknown, 'guess-locked');
    if (known.state !== 'refused' || known.gate.state !== 'locked') throw new Error('not locked');
    if (nobody.state !== 'refused' || nobody.gate.state !== 'locked') throw new Error('not alike');
    expect(Math.abs(nobody.gate.retryAfterSeconds - known.gate.retryAfterSeconds)).toBeLessThan(2);
  });

  it('starts the count again after a success', async () => {
    const { email, profileId } = await registeredUser(t.app);
    for (let i = 1; i < SOFT_LOCK_AFTER_FAILURES; i++) await signIns.signIn(email, `wrong-${i}`);
    expect(await signIns.signIn(email, PASSWORD)).toEqual({ state: 'signedIn', profileId });
    expect(await signIns.signIn(email, 'wrong-again')).toMatchObject({
      state: 'refused',
      gate: { state: 'open' },
      detail: { failures: 1 },
    });
  });

  it('takes no unlock code for an account that is not hard-locked', async () => {
    const { email } = await registeredUser(t.app);
    expect(await signIns.unlock(email, '123456')).toEqual({ state: 'wrongCode' });
    expect(await signIns.unlock(uniqueEmail('nobody'), '123456')).toEqual({ state: 'wrongCode' });
    expect(await signIns.resendUnlockCode(email)).toBe('sent');
  });
});
