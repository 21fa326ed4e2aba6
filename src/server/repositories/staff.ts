// Staff accounts of the rules console and their audit log.
import { and, desc, eq, gt, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
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

export type NewStaff = typeof staff.$inferInsert;

/** A one-time enrolment link as the row keeps it: the token's hash and when it stops working. */
export interface EnrolmentColumns {
  enrolmentTokenHash: string;
  enrolmentExpiresAt: Date;
}

export async function insertStaff(db: Database, values: NewStaff): Promise<void> {
  await db.insert(staff).values(values);
}

export async function findStaffById(db: Database, id: string): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.id, id));
  return row;
}

/** The enabled account whose enrolment link (by its token's hash) still works at `now`. */
export async function findStaffByLiveEnrolment(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staff).where(liveEnrolment(tokenHash, now));
  return row;
}

const liveEnrolment = (tokenHash: string, now: Date) =>
  and(
    eq(staff.enrolmentTokenHash, tokenHash),
    gt(staff.enrolmentExpiresAt, now),
    isNull(staff.disabledAt),
  );

/** The step of a code just used: later codes only may sign in (never moves back). */
const usedTotpStep = (step: number): SQL =>
  sql`greatest(coalesce(${staff.lastTotpStep}, 0), ${step})`;

/**
 * A new enrolment link replaces the account's credentials: password and authenticators cleared,
 * sign-in failures and locks lifted, until the owner enrols again.
 */
export async function resetForEnrolment(
  db: Database,
  staffId: string,
  enrolment: EnrolmentColumns,
): Promise<void> {
  await db
    .update(staff)
    .set({
      ...enrolment,
      passwordHash: null,
      totpSecretSealed: null,
      totpPendingSealed: null,
      enrolledAt: null,
      failedSignIns: 0,
      signInLockedUntil: null,
      signInHardLocked: false,
    })
    .where(eq(staff.id, staffId));
}

/** Keeps a new authenticator's sealed secret unless one is kept already: true when this one is. */
export async function storePendingAuthenticator(
  db: Database,
  staffId: string,
  sealed: string,
): Promise<boolean> {
  const stored = await db
    .update(staff)
    .set({ totpPendingSealed: sealed })
    .where(and(eq(staff.id, staffId), isNull(staff.totpPendingSealed)))
    .returning({ id: staff.id });
  return stored.length === 1;
}

/** The sealed secret of the authenticator being enrolled, if any. */
export async function pendingAuthenticatorOf(
  db: Database,
  staffId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ sealed: staff.totpPendingSealed })
    .from(staff)
    .where(eq(staff.id, staffId));
  return row?.sealed ?? null;
}

/**
 * Completes an enrolment if its link still works (once, even when two completions race): the
 * password, the confirmed authenticator, the code's step used. True when this call completed it.
 */
export async function completeStaffEnrolment(
  db: Database,
  enrolment: {
    staffId: string;
    tokenHash: string;
    now: Date;
    passwordHash: string;
    totpSecretSealed: string;
    step: number;
  },
): Promise<boolean> {
  const done = await db
    .update(staff)
    .set({
      passwordHash: enrolment.passwordHash,
      totpSecretSealed: enrolment.totpSecretSealed,
      totpPendingSealed: null,
      enrolledAt: enrolment.now,
      enrolmentTokenHash: null,
      enrolmentExpiresAt: null,
      lastTotpStep: usedTotpStep(enrolment.step),
    })
    .where(and(eq(staff.id, enrolment.staffId), liveEnrolment(enrolment.tokenHash, enrolment.now)))
    .returning({ id: staff.id });
  return done.length === 1;
}

/**
 * The pending authenticator becomes the account's, if it is still the one confirmed (`pending`),
 * with the confirming code's step used. True when this call replaced it.
 */
export async function confirmPendingAuthenticator(
  db: Database,
  change: { staffId: string; pending: string; totpSecretSealed: string; step: number },
): Promise<boolean> {
  const changed = await db
    .update(staff)
    .set({
      totpSecretSealed: change.totpSecretSealed,
      totpPendingSealed: null,
      lastTotpStep: usedTotpStep(change.step),
    })
    .where(and(eq(staff.id, change.staffId), eq(staff.totpPendingSealed, change.pending)))
    .returning({ id: staff.id });
  return changed.length === 1;
}

export async function setStaffPasswordHash(
  db: Database,
  staffId: string,
  passwordHash: string,
): Promise<void> {
  await db.update(staff).set({ passwordHash }).where(eq(staff.id, staffId));
}

export async function disableStaff(db: Database, staffId: string, at: Date): Promise<void> {
  await db.update(staff).set({ disabledAt: at }).where(eq(staff.id, staffId));
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
