// The admin API's audit log (admin_audit): every change made with an admin key, by the key's name.
// Written in the transaction of the change it records.
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { adminAudit } from '../db/schema';

export interface AdminAuditEntry {
  /** `admin:<key name>`. */
  actor: string;
  action: string;
  subject?: string | null;
  detail?: Record<string, unknown> | null;
}

export interface AdminAuditRecord {
  id: string;
  actor: string;
  action: string;
  subject: string | null;
  detail: Record<string, unknown> | null;
  at: string;
}

const auditRow = (entry: AdminAuditEntry) => ({
  actor: entry.actor,
  action: entry.action,
  subject: entry.subject ?? null,
  detail: entry.detail ?? null,
});

export async function recordAdminAudit(db: Database, entry: AdminAuditEntry): Promise<void> {
  await db.insert(adminAudit).values(auditRow(entry));
}

/** Several entries of one change, in one statement. */
export async function recordAdminAudits(
  db: Database,
  entries: readonly AdminAuditEntry[],
): Promise<void> {
  if (entries.length) await db.insert(adminAudit).values(entries.map(auditRow));
}

/** Newest first, optionally of one subject (a profile's id, say). */
export async function listAdminAudit(
  db: Database,
  filter: { subject?: string; limit: number },
): Promise<AdminAuditRecord[]> {
  const rows = await db
    .select()
    .from(adminAudit)
    .where(filter.subject ? eq(adminAudit.subject, filter.subject) : undefined)
    .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
    .limit(filter.limit);
  return rows.map((r) => ({
    id: r.id,
    actor: r.actor,
    action: r.action,
    subject: r.subject,
    detail: r.detail ?? null,
    at: r.createdAt.toISOString(),
  }));
}
