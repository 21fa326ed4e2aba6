// An attempt whose password was never checked (the server was too busy to hash it, or the database
// failed) is given back: our own refusals must not lock a user out.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../src/server/db/schema';
import {
  returnAttempt,
  signInGate,
  SOFT_LOCK_AFTER_FAILURES,
  takeAttempt,
} from '../../src/server/domain/sign-in';
import { registeredUser, startTestApp, type TestApp } from './support/harness';

describe('sign-in attempts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('gives back an unchecked attempt, and the lock it set', async () => {
    const user = await registeredUser(t.app);
    const db = t.database.db;
    const row = async () =>
      (await db.select().from(profiles).where(eq(profiles.id, user.profileId)))[0]!;
    for (let i = 0; i < SOFT_LOCK_AFTER_FAILURES; i++) await takeAttempt(db, user.profileId);
    expect(signInGate(await row()).state).toBe('locked');
    await returnAttempt(db, user.profileId);
    const after = await row();
    expect(after.failedSignIns).toBe(SOFT_LOCK_AFTER_FAILURES - 1);
    expect(signInGate(after).state).toBe('open');
    // Never below zero.
    for (let i = 0; i < SOFT_LOCK_AFTER_FAILURES + 2; i++) await returnAttempt(db, user.profileId);
    expect((await row()).failedSignIns).toBe(0);
  });
});
