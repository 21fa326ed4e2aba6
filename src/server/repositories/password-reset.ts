// The rows of the password reset (domain/password-reset.ts decides): reset tokens (stored by
// digest, in `tokens` with the PASSWORD_RESET purpose) and the account's password.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { profiles, tokens } from '../db/schema';

export const RESET_PURPOSE = 'PASSWORD_RESET';

export type ResetTokenRow = typeof tokens.$inferSelect;

/** The account whose password a reset sets, as the "password changed" notice needs it. */
export interface ResetAccount {
  id: string;
  email: string;
  merchantId: string;
  preferredLanguage: string | null;
}

/** Locks the account's row for the transaction: one reset request at a time per account. */
export async function lockAccountRow(tx: Database, profileId: string): Promise<void> {
  await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .for('update');
}

/** How many reset tokens the email was issued since `since`. */
export async function countResetTokensSince(
  tx: Database,
  email: string,
  since: Date,
): Promise<number> {
  const recent = await tx
    .select({ id: tokens.id })
    .from(tokens)
    .where(
      and(
        eq(tokens.purpose, RESET_PURPOSE),
        eq(tokens.email, email.toLowerCase()),
        gt(tokens.createdAt, since),
      ),
    );
  return recent.length;
}

export async function insertResetToken(
  tx: Database,
  token: { digest: string; email: string; expiresAt: Date },
): Promise<void> {
  await tx.insert(tokens).values({
    id: token.digest,
    email: token.email.toLowerCase(),
    purpose: RESET_PURPOSE,
    expiresAt: token.expiresAt,
  });
}

/** The reset token of this digest, used or not. */
export async function findResetToken(
  db: Database,
  digest: string,
): Promise<ResetTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(tokens)
    .where(and(eq(tokens.id, digest), eq(tokens.purpose, RESET_PURPOSE)));
  return row;
}

/** Whether the reset token of this digest is unused and not expired at `now`. */
export async function isLiveResetDigest(db: Database, digest: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: tokens.id })
    .from(tokens)
    .where(
      and(
        eq(tokens.id, digest),
        eq(tokens.purpose, RESET_PURPOSE),
        isNull(tokens.usedAt),
        gt(tokens.expiresAt, now),
      ),
    );
  return !!row;
}

/** Spends the token once; false when it was already used (a second or parallel use). */
export async function spendResetToken(tx: Database, id: string, at: Date): Promise<boolean> {
  const spent = await tx
    .update(tokens)
    .set({ usedAt: at })
    .where(and(eq(tokens.id, id), isNull(tokens.usedAt)))
    .returning({ id: tokens.id });
  return spent.length > 0;
}

/** Spends every reset token of the email still outstanding. */
export async function spendResetTokensOf(tx: Database, email: string, at: Date): Promise<void> {
  await tx
    .update(tokens)
    .set({ usedAt: at })
    .where(
      and(
        eq(tokens.purpose, RESET_PURPOSE),
        eq(tokens.email, email.toLowerCase()),
        isNull(tokens.usedAt),
      ),
    );
}

/** Deletes every reset link sent to the email (any case): the account it opened is gone. */
export async function deleteResetTokensOf(tx: Database, email: string): Promise<void> {
  await tx
    .delete(tokens)
    .where(
      and(eq(tokens.purpose, RESET_PURPOSE), sql`lower(${tokens.email}) = ${email.toLowerCase()}`),
    );
}

/** The account of a (lower-cased) token email. */
export async function findResetAccount(
  db: Database,
  email: string,
): Promise<ResetAccount | undefined> {
  const [account] = await db
    .select({
      id: profiles.id,
      email: profiles.email,
      merchantId: profiles.merchantId,
      preferredLanguage: profiles.preferredLanguage,
    })
    .from(profiles)
    .where(sql`lower(${profiles.email}) = ${email}`);
  return account;
}

export async function setPasswordHash(
  tx: Database,
  profileId: string,
  passwordHash: string,
): Promise<void> {
  await tx
    .update(profiles)
    .set({ passwordHash, updatedAt: new Date() })
    .where(eq(profiles.id, profileId));
}
