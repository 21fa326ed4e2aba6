// Staff accounts of the rules console and their audit log.
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { staff, staffAudit } from '../db/schema';

export type StaffRow = typeof staff.$inferSelect;

export interface AuditEntry {
  staffId: string | null;
  actor: string;
  action: string;
  country?: string | null;
  version?: number | null;
  detail?: Record<string, unknown> | null;
}

export async function findStaffByEmail(db: Database, email: string): Promise<StaffRow | undefined> {
  const [row] = await db
    .select()
    .from(staff)
    .where(sql`lower(${staff.email}) = lower(${email})`);
  return row;
}

/**
 * Records a TOTP step as used, atomically: true only when it is later than the last step accepted
 * (two sign-ins with the same code, even at the same moment on two servers, succeed once).
 */
export async function acceptTotpStep(
  db: Database,
  staffId: string,
  step: number,
): Promise<boolean> {
  const rows = await db
    .update(staff)
    .set({ lastTotpStep: step })
    .where(
      and(
        eq(staff.id, staffId),
        isNull(staff.disabledAt),
        or(isNull(staff.lastTotpStep), lt(staff.lastTotpStep, step)),
      ),
    )
    .returning({ id: staff.id });
  return rows.length === 1;
}

export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  await db.insert(staffAudit).values({
    staffId: entry.staffId,
    actor: entry.actor,
    action: entry.action,
    country: entry.country ?? null,
    version: entry.version ?? null,
    detail: entry.detail ?? null,
  });
}

export interface AuditRecord {
  id: string;
  actor: string;
  action: string;
  country: string | null;
  version: number | null;
  detail: Record<string, unknown> | null;
  at: string;
}

export async function listAudit(
  db: Database,
  filter: { country?: string; limit: number },
): Promise<AuditRecord[]> {
  const rows = await db
    .select()
    .from(staffAudit)
    .where(filter.country ? eq(staffAudit.country, filter.country) : undefined)
    .orderBy(desc(staffAudit.createdAt), desc(staffAudit.id))
    .limit(filter.limit);
  return rows.map((r) => ({
    id: r.id,
    actor: r.actor,
    action: r.action,
    country: r.country,
    version: r.version,
    detail: r.detail ?? null,
    at: r.createdAt.toISOString(),
  }));
}

/** Per country, the newest audited staff action on it: who did what, when. */
export async function lastChangeByCountry(
  db: Database,
): Promise<Map<string | null, { actor: string; action: string; at: Date }>> {
  const rows = await db
    .selectDistinctOn([staffAudit.country], {
      country: staffAudit.country,
      actor: staffAudit.actor,
      action: staffAudit.action,
      at: staffAudit.createdAt,
    })
    .from(staffAudit)
    .orderBy(staffAudit.country, desc(staffAudit.createdAt));
  return new Map(rows.map(({ country, ...change }) => [country, change]));
}

/** The language a staff member chose for the console. */
export async function setStaffLanguage(
  db: Database,
  staffId: string,
  language: string,
): Promise<void> {
  await db.update(staff).set({ preferredLanguage: language }).where(eq(staff.id, staffId));
}
