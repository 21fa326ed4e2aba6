// Identity documents sent for review (sealed images) and the reviewer's decisions.
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { idDocuments } from '../db/schema';
import type { DocumentStatus } from '../../core/types/statuses';

export type IdDocumentRow = typeof idDocuments.$inferSelect;

export async function insertIdDocuments(
  db: Database,
  values: { id: string; profileId: string; sealed: string },
): Promise<void> {
  await db.insert(idDocuments).values(values);
}

/** Submissions newest first, optionally of one review status. */
export async function listIdDocuments(
  db: Database,
  status?: DocumentStatus,
): Promise<IdDocumentRow[]> {
  return db
    .select()
    .from(idDocuments)
    .where(status ? eq(idDocuments.status, status) : undefined)
    .orderBy(desc(idDocuments.createdAt));
}

export async function findIdDocuments(
  db: Database,
  id: string,
): Promise<IdDocumentRow | undefined> {
  const [row] = await db.select().from(idDocuments).where(eq(idDocuments.id, id));
  return row;
}

/** Records a review of a submission still waiting for one; undefined when it is not waiting. */
export async function recordReview(
  db: Database,
  id: string,
  review: { status: 'APPROVED' | 'REJECTED'; reviewedAt: Date; note: string | null },
): Promise<IdDocumentRow | undefined> {
  const [row] = await db
    .update(idDocuments)
    .set(review)
    .where(and(eq(idDocuments.id, id), eq(idDocuments.status, 'PENDING')))
    .returning();
  return row;
}
