// Server-side sessions of the rules console's staff, apart from recipients' sessions: their own
// cookie and CSRF cookie, and shorter limits (15 minutes idle, 8 hours in all; STAFF_IDLE_SECONDS
// and STAFF_ABSOLUTE_SECONDS override them). The cookie carries a random 256-bit id; the table
// keeps its SHA-256 only. A disabled account's sessions stop at once.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { StaffTimeouts } from '../config';
import type { Database } from '../db/client';
import { staff, staffSessions } from '../db/schema';
import { hashSessionId, touchIntervalMs } from './sessions';

export const STAFF_SESSION_COOKIE = 'pp_staff_session';
/** `__Secure-`, not `__Host-`: a `__Host-` cookie must have Path=/, and this one is path-scoped. */
export const staffSessionCookieName = (secure: boolean): string =>
  secure ? `__Secure-${STAFF_SESSION_COOKIE}` : STAFF_SESSION_COOKIE;
/** The console's double-submit CSRF cookie (sent back in x-csrf-token, as the portal does). */
export const STAFF_CSRF_COOKIE = 'STAFF-XSRF-TOKEN';
/**
 * Where the console's cookies go (issue 29): the session only to the console's API, the CSRF token
 * only to the console's pages, whose script reads it. Neither is sent to, nor readable by, a
 * recipient's page (a merchant's consent script runs there).
 */
export const STAFF_SESSION_COOKIE_PATH = '/master/console';
export const STAFF_CSRF_COOKIE_PATH = '/console';

export const STAFF_ROLES = ['editor', 'approver'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export interface StaffSession {
  idHash: string;
  staffId: string;
  email: string;
  role: StaffRole;
  csrfToken: string;
}

export function createStaffSessionStore(db: Database, timeouts: StaffTimeouts) {
  const touchEveryMs = touchIntervalMs(timeouts.idleSeconds);
  return {
    async create(staffId: string): Promise<{ id: string; csrfToken: string }> {
      const id = randomBytes(32).toString('base64url');
      const csrfToken = randomBytes(24).toString('base64url');
      await db.insert(staffSessions).values({
        idHash: hashSessionId(id),
        staffId,
        csrfToken,
        absoluteExpiresAt: new Date(Date.now() + timeouts.absoluteSeconds * 1000),
      });
      return { id, csrfToken };
    },

    /** The live session of a cookie value, its activity recorded; null when idle, expired, ended. */
    async find(id: string): Promise<StaffSession | null> {
      const idHash = hashSessionId(id);
      const [row] = await db
        .select({ session: staffSessions, email: staff.email, role: staff.role })
        .from(staffSessions)
        .innerJoin(staff, eq(staff.id, staffSessions.staffId))
        .where(
          and(
            eq(staffSessions.idHash, idHash),
            isNull(staffSessions.revokedAt),
            isNull(staff.disabledAt),
          ),
        );
      if (!row) return null;
      const now = Date.now();
      const idle = now - row.session.lastSeenAt.getTime() > timeouts.idleSeconds * 1000;
      if (idle || row.session.absoluteExpiresAt.getTime() <= now) return null;
      // The idle clock is written at most once per touch interval, as for recipients: a console
      // polling the API costs reads, not a write per request.
      if (now - row.session.lastSeenAt.getTime() >= touchEveryMs)
        await db
          .update(staffSessions)
          .set({ lastSeenAt: new Date(now) })
          .where(eq(staffSessions.idHash, idHash));
      return {
        idHash,
        staffId: row.session.staffId,
        email: row.email,
        role: row.role as StaffRole,
        csrfToken: row.session.csrfToken,
      };
    },

    async revoke(idHash: string): Promise<void> {
      await db
        .update(staffSessions)
        .set({ revokedAt: new Date() })
        .where(eq(staffSessions.idHash, idHash));
    },
  };
}
export type StaffSessionStore = ReturnType<typeof createStaffSessionStore>;
