// The admin API's audit log as operations read it: newest first, 100 entries unless asked for up to
// 500, optionally of one subject (a profile's or a claim's id). Entries are written by the domain
// functions of each change (recordAdminAudit), in the change's transaction.
import type { Database } from '../db/client';
import { listAdminAudit, type AdminAuditRecord } from '../repositories/admin-audit';

export const AUDIT_PAGE = 100;

export function auditLog(
  db: Database,
  filter: { subject?: string; limit?: number },
): Promise<AdminAuditRecord[]> {
  return listAdminAudit(db, { subject: filter.subject, limit: filter.limit ?? AUDIT_PAGE });
}
