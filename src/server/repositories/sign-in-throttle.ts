// The sign-in throttle's rows (domain/sign-in.ts decides): each account's consecutive failures and
// lock, in its own row of profiles or staff, and the rows of emails with no account
// (unknown_sign_ins, keyed by a hash of the email). The callers hold the transactions.
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { profiles, staff, unknownSignIns } from '../db/schema';

/** Whose sign-in it is: the portal's recipients, or the rules console's staff. */
export type SignInDoor = 'recipients' | 'staff';

/** Where each door's accounts count their own sign-in failures: profiles, staff. */
const tableOf = (door: SignInDoor) => (door === 'staff' ? staff : profiles);

export interface ThrottleRow {
  failedSignIns: number;
  signInLockedUntil: Date | null;
  signInHardLocked: boolean;
}

/** A count and the temporary lock it earned. */
export interface FailureCount {
  failedSignIns: number;
  signInLockedUntil: Date | null;
}

/** The account's throttle row, locked for the rest of the transaction (undefined: no account). */
export async function lockThrottleRow(
  tx: Database,
  door: SignInDoor,
  id: string,
): Promise<ThrottleRow | undefined> {
  const table = tableOf(door);
  const [row] = await tx
    .select({
      failedSignIns: table.failedSignIns,
      signInLockedUntil: table.signInLockedUntil,
      signInHardLocked: table.signInHardLocked,
    })
    .from(table)
    .where(eq(table.id, id))
    .for('update');
  return row;
}

export async function writeFailureCount(
  tx: Database,
  door: SignInDoor,
  id: string,
  count: FailureCount,
): Promise<void> {
  const table = tableOf(door);
  await tx.update(table).set(count).where(eq(table.id, id));
}

/**
 * One failure fewer, and no temporary lock once the count is below `softLockAfter` again.
 */
export async function giveBackFailure(
  db: Database,
  door: SignInDoor,
  id: string,
  softLockAfter: number,
): Promise<void> {
  const table = tableOf(door);
  await db
    .update(table)
    .set({
      failedSignIns: sql`greatest(${table.failedSignIns} - 1, 0)`,
      signInLockedUntil: sql`case when ${table.failedSignIns} - 1 < ${softLockAfter} then null else ${table.signInLockedUntil} end`,
    })
    .where(eq(table.id, id));
}

/** Sets the hard lock; true only for the call that set it (not already set). */
export async function setHardLock(db: Database, door: SignInDoor, id: string): Promise<boolean> {
  const table = tableOf(door);
  const updated = await db
    .update(table)
    .set({ signInHardLocked: true, signInLockedUntil: null })
    .where(and(eq(table.id, id), eq(table.signInHardLocked, false)))
    .returning({ id: table.id });
  return updated.length > 0;
}

/** A clean count, no lock; with `passwordHash`, the upgraded hash too. */
export async function clearFailures(
  db: Database,
  door: SignInDoor,
  id: string,
  upgrade: { passwordHash?: string } = {},
): Promise<void> {
  const table = tableOf(door);
  await db
    .update(table)
    .set({ failedSignIns: 0, signInLockedUntil: null, signInHardLocked: false, ...upgrade })
    .where(eq(table.id, id));
}

/** The row of an email with no account (created at zero), locked for the transaction. */
export async function lockUnknownRow(tx: Database, key: string): Promise<FailureCount> {
  await tx.insert(unknownSignIns).values({ emailHash: key }).onConflictDoNothing();
  const [row = { failedSignIns: 0, signInLockedUntil: null }] = await tx
    .select({
      failedSignIns: unknownSignIns.failedSignIns,
      signInLockedUntil: unknownSignIns.signInLockedUntil,
    })
    .from(unknownSignIns)
    .where(eq(unknownSignIns.emailHash, key))
    .for('update');
  return row;
}

export async function writeUnknownCount(
  tx: Database,
  key: string,
  count: FailureCount,
  now: Date,
): Promise<void> {
  await tx
    .update(unknownSignIns)
    .set({ ...count, updatedAt: now })
    .where(eq(unknownSignIns.emailHash, key));
}
