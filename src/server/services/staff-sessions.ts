// Sessions of the rules console's staff: the session mechanism of services/session-realm.ts (ids,
// timing rule, idle clock, revocation) over the `staff_sessions` table, owned by a staff account,
// with shorter limits (15 minutes idle, 8 hours in all; STAFF_IDLE_SECONDS and
// STAFF_ABSOLUTE_SECONDS override them) and cookies of their own. Staff add their role, read with
// the session, and a disabled account's sessions stop at once.
import { isLocale, type Locale } from '../../core/i18n/locales';
import { and, eq, isNull } from 'drizzle-orm';
import type { StaffTimeouts } from '../config';
import type { Database } from '../db/client';
import { staff, staffSessions } from '../db/schema';
import {
  createSessionCore,
  hashSessionId,
  type RealmSession,
  type SessionStorage,
} from './session-realm';

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

export interface StaffSession extends RealmSession {
  staffId: string;
  email: string;
  role: StaffRole;
  /** The language they chose for the console; null until they choose one. */
  language: Locale | null;
}

/** Staff sessions are rows of `staff_sessions`, each owned by a staff account. */
export const STAFF_SESSIONS: SessionStorage = {
  table: staffSessions,
  owner: staffSessions.staffId,
};

export function createStaffSessionStore(db: Database, timeouts: StaffTimeouts) {
  const core = createSessionCore(db, STAFF_SESSIONS, {
    idleSeconds: timeouts.idleSeconds,
    absoluteSeconds: timeouts.absoluteSeconds,
  });
  return {
    /** A new session (a new id at every sign-in); returns the cookie value and CSRF token. */
    async create(staffId: string): Promise<{ id: string; csrfToken: string }> {
      const { id, idHash, csrfToken, lastSeenAt, absoluteExpiresAt } = core.newSession();
      await db
        .insert(staffSessions)
        .values({ idHash, staffId, csrfToken, lastSeenAt, absoluteExpiresAt });
      return { id, csrfToken };
    },

    /** The live session of a cookie value; null when idle, expired, ended or its account disabled. */
    async find(id: string | undefined): Promise<StaffSession | null> {
      if (!id) return null;
      const idHash = hashSessionId(id);
      const [row] = await db
        .select({
          session: staffSessions,
          email: staff.email,
          role: staff.role,
          language: staff.preferredLanguage,
        })
        .from(staffSessions)
        .innerJoin(staff, eq(staff.id, staffSessions.staffId))
        .where(
          and(
            eq(staffSessions.idHash, idHash),
            isNull(staffSessions.revokedAt),
            isNull(staff.disabledAt),
          ),
        );
      if (!row || core.isExpired(row.session)) return null;
      return {
        idHash,
        staffId: row.session.staffId,
        email: row.email,
        role: row.role as StaffRole,
        language: isLocale(row.language) ? row.language : null,
        csrfToken: row.session.csrfToken,
        lastSeenAt: row.session.lastSeenAt,
      };
    },

    touch: core.touch,
    revoke: core.revoke,
    revokeAllFor: core.revokeAllFor,
  };
}
export type StaffSessionStore = ReturnType<typeof createStaffSessionStore>;
