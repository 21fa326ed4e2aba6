// Guardian invitations of minors (table guardians). A withdrawn invitation (withdrawn_at) is kept
// for the record but no longer stands; the rules are in domain/guardians.ts.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { guardians } from '../db/schema';

export type GuardianRow = typeof guardians.$inferSelect;
export type NewGuardian = typeof guardians.$inferInsert;

/** Condition: the invitation stands (the minor has not replaced it). */
export const standingGuardian = () => isNull(guardians.withdrawnAt);

/** The minor's standing invitations, oldest first. */
export async function standingGuardiansOf(db: Database, minorId: string): Promise<GuardianRow[]> {
  return db
    .select()
    .from(guardians)
    .where(and(eq(guardians.minorProfileId, minorId), standingGuardian()))
    .orderBy(guardians.createdAt);
}

/** Withdraws these invitations (those still standing). */
export async function withdrawGuardians(db: Database, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  await db
    .update(guardians)
    .set({ withdrawnAt: new Date() })
    .where(and(inArray(guardians.id, [...ids]), standingGuardian()));
}

export async function insertGuardian(db: Database, values: NewGuardian): Promise<GuardianRow> {
  const [guardian] = await db.insert(guardians).values(values).returning();
  if (!guardian) throw new Error('guardian insert returned nothing');
  return guardian;
}

/** Every invitation linking this guardian's account to this minor, withdrawn ones too, oldest first. */
export async function guardianLinksOf(
  db: Database,
  minorId: string,
  guardianProfileId: string,
): Promise<GuardianRow[]> {
  return db
    .select()
    .from(guardians)
    .where(
      and(
        eq(guardians.minorProfileId, minorId),
        eq(guardians.guardianProfileId, guardianProfileId),
      ),
    )
    .orderBy(guardians.createdAt);
}

/** The guardian's answer on one invitation, stored as 'true' or 'false'. */
export async function recordGuardianConsent(
  db: Database,
  guardianId: string,
  consent: boolean,
): Promise<void> {
  await db
    .update(guardians)
    .set({ consent: String(consent), decidedAt: new Date() })
    .where(eq(guardians.id, guardianId));
}
