// Payment files made (payment_exports): which claim went in which file, and the ACH files of a day.
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { paymentExports } from '../db/schema';

export type NewPaymentExport = typeof paymentExports.$inferInsert;

/** The files each of these claims was exported in before, oldest first. */
export async function exportsOfClaims(
  db: Database,
  claimIds: readonly string[],
): Promise<{ claimId: string; fileId: string }[]> {
  if (!claimIds.length) return [];
  return db
    .select({ claimId: paymentExports.claimId, fileId: paymentExports.fileId })
    .from(paymentExports)
    .where(inArray(paymentExports.claimId, [...claimIds]))
    .orderBy(asc(paymentExports.exportedAt));
}

/** How many ACH files were made since `since` (each needs its own file id modifier that day). */
export async function countAchFilesSince(db: Database, since: Date): Promise<number> {
  const [counted] = await db
    .select({ n: sql<number>`count(distinct ${paymentExports.fileId})::int` })
    .from(paymentExports)
    .where(and(eq(paymentExports.format, 'nacha'), gte(paymentExports.exportedAt, since)));
  return Number(counted?.n ?? 0);
}

export async function recordPaymentExports(
  db: Database,
  records: readonly NewPaymentExport[],
): Promise<void> {
  await db.insert(paymentExports).values([...records]);
}
