// Identity verification sessions started at a provider, and the webhook events already applied.
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { identityVerifications, identityWebhookEvents } from '../db/schema';
import type { ProfileStatus } from '../../core/types/entities/profile-status';

export type VerificationSessionRow = typeof identityVerifications.$inferSelect;

/** The profile's latest verification session at this provider, if any. */
export async function latestVerificationSession(
  db: Database,
  provider: string,
  profileId: string,
): Promise<VerificationSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(identityVerifications)
    .where(
      and(
        eq(identityVerifications.profileId, profileId),
        eq(identityVerifications.provider, provider),
      ),
    )
    .orderBy(desc(identityVerifications.createdAt))
    .limit(1);
  return row;
}

/** A session this provider runs, by its id. */
export async function findVerificationSession(
  db: Database,
  provider: string,
  sessionId: string,
): Promise<VerificationSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(identityVerifications)
    .where(
      and(eq(identityVerifications.id, sessionId), eq(identityVerifications.provider, provider)),
    );
  return row;
}

export async function recordVerificationSession(
  db: Database,
  session: { id: string; provider: string; profileId: string },
): Promise<void> {
  await db.insert(identityVerifications).values(session);
}

/** The session is open again (a retry of the hosted flow): its outcome no longer stands. */
export async function reopenVerificationSession(db: Database, sessionId: string): Promise<void> {
  await db
    .update(identityVerifications)
    .set({ outcome: null })
    .where(eq(identityVerifications.id, sessionId));
}

export async function recordVerificationDecision(
  db: Database,
  sessionId: string,
  decision: { outcome: ProfileStatus; decidedAt: Date },
): Promise<void> {
  await db
    .update(identityVerifications)
    .set(decision)
    .where(eq(identityVerifications.id, sessionId));
}

/** Records a webhook event id: true the first time, false when it was already recorded. */
export async function recordWebhookEvent(
  db: Database,
  provider: string,
  eventId: string,
): Promise<boolean> {
  const recorded = await db
    .insert(identityWebhookEvents)
    .values({ provider, eventId })
    .onConflictDoNothing()
    .returning({ eventId: identityWebhookEvents.eventId });
  return recorded.length > 0;
}
