// Brute-force figures: how many guesses one account and one address get per hour under the app's
// real limits. Computed from the configured constants, then the per-account password figure is
// measured by driving the real app through one hour of a fake clock (only `Date` is faked).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { profiles } from '../../src/server/db/schema';
import { lockSeconds, SIGN_IN_POSTS_PER_ADDRESS_PER_MINUTE } from '../../src/server/domain/sign-in';
import { MAX_WRONG_CODES_PER_DAY, MAX_WRONG_TRIES } from '../../src/server/services/one-time-codes';
import { DATABASE_KINDS } from '../api/support/databases';
import { Browser, registeredUser, startTestApp, type TestApp } from '../api/support/harness';

const HOUR = 3600;

/** Wrong passwords one account can have checked in its first hour: each waits out its lock. */
function wrongPasswordsPerHour(): number {
  let at = 0;
  let failures = 0;
  while (at < HOUR) {
    failures++;
    at += lockSeconds(failures);
  }
  return failures;
}

describe('brute-force figures from the configured limits', () => {
  it('per account: 10 wrong passwords in the first hour, then 1 an hour; 10 wrong codes a day', () => {
    expect(wrongPasswordsPerHour()).toBe(10);
    // Once the lock reaches its 1-hour cap, one guess an hour until the hard lock at 100.
    expect(lockSeconds(11)).toBe(HOUR);
    // Codes: 5 per code, 10 per account and purpose within 24 hours, in a space of 10^6.
    expect(MAX_WRONG_TRIES).toBe(5);
    expect(MAX_WRONG_CODES_PER_DAY).toBe(10);
  });

  it('per address: 1,800 sign-in posts, 1,200 registrations, 1,800 invitation lookups an hour', () => {
    expect(SIGN_IN_POSTS_PER_ADDRESS_PER_MINUTE * 60).toBe(1800);
  });
});

describe.each(DATABASE_KINDS)('brute force measured on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // The per-address limits are scaled up so that only the per-account throttle counts here.
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t?.close();
  });

  it('an attacker guessing every 30 s for an hour gets 10 passwords checked on one account', async () => {
    const user = await registeredUser(t.app);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const attacker = new Browser(t.app);
    const start = Date.now();
    let posts = 0;
    while (Date.now() - start < HOUR * 1000) {
      const response = await attacker.signIn(user.email, 'Wrong-guess-42');
      expect(response.statusCode).toBeLessThan(500);
      posts++;
      vi.setSystemTime(Date.now() + 30_000);
    }
    vi.useRealTimers();
    const [row] = await t.database.db
      .select({ failures: profiles.failedSignIns })
      .from(profiles)
      .where(eq(profiles.id, user.profileId));
    expect(posts).toBe(120);
    expect(row?.failures).toBe(wrongPasswordsPerHour());
  }, 40_000);
});
