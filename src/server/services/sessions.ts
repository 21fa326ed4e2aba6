// Server-side sessions. The cookie carries a random 256-bit id; the table keeps only its SHA-256.
// An access window (ACCESS_TTL_SECONDS, default 5 min) must be refreshed through the login page
// path; the session itself ends after 30 minutes idle or 12 hours in all (DESIGN.md section 6).
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { profiles, sessions } from '../db/schema';

export const SESSION_COOKIE = 'pp_session';
/** In production the `__Host-` prefix pins the cookie to this host: Secure, Path=/, no Domain. */
export const sessionCookieName = (secure: boolean): string =>
  secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-csrf-token';

export interface SessionTimeouts {
  accessTtlSeconds: number;
  idleTimeoutSeconds: number;
  absoluteTimeoutSeconds: number;
}

export interface ActiveSession {
  idHash: string;
  profileId: string;
  csrfToken: string;
  accessVerified: boolean;
  /** False when the short access window lapsed: the caller must refresh through the login page. */
  accessValid: boolean;
  /** The profile's status and merchant, read with the session (the gate decides on them). */
  profileStatus: string;
  merchantId: string;
}

export const hashSessionId = (id: string): string => createHash('sha256').update(id).digest('hex');

export function createSessionStore(db: Database, timeouts: SessionTimeouts) {
  const seconds = (n: number) => new Date(Date.now() + n * 1000);

  return {
    /** A new session (a new id at every sign-in); returns the cookie value and CSRF token. */
    async create(profileId: string): Promise<{ id: string; csrfToken: string }> {
      const id = randomBytes(32).toString('base64url');
      const csrfToken = randomBytes(24).toString('base64url');
      await db.insert(sessions).values({
        idHash: hashSessionId(id),
        profileId,
        csrfToken,
        accessExpiresAt: seconds(timeouts.accessTtlSeconds),
        absoluteExpiresAt: seconds(timeouts.absoluteTimeoutSeconds),
      });
      return { id, csrfToken };
    },

    async find(id: string | undefined): Promise<ActiveSession | null> {
      if (!id) return null;
      const idHash = hashSessionId(id);
      // One query: the session with its profile's status and merchant.
      const [found] = await db
        .select({ session: sessions, status: profiles.status, merchantId: profiles.merchantId })
        .from(sessions)
        .innerJoin(profiles, eq(profiles.id, sessions.profileId))
        .where(and(eq(sessions.idHash, idHash), isNull(sessions.revokedAt)));
      if (!found) return null;
      const row = found.session;
      const now = Date.now();
      const idle = now - row.lastSeenAt.getTime() > timeouts.idleTimeoutSeconds * 1000;
      if (idle || row.absoluteExpiresAt.getTime() < now) return null;
      return {
        idHash,
        profileId: row.profileId,
        csrfToken: row.csrfToken,
        accessVerified: row.accessVerified,
        accessValid: row.accessExpiresAt.getTime() > now,
        profileStatus: found.status,
        merchantId: found.merchantId,
      };
    },

    /** Activity within the access window keeps the session from going idle (status polls do not). */
    async touch(idHash: string): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.idHash, idHash));
    },

    /** The login page's refresh: a new access window (never past the absolute limit). */
    async refresh(idHash: string): Promise<void> {
      await db
        .update(sessions)
        .set({ lastSeenAt: new Date(), accessExpiresAt: seconds(timeouts.accessTtlSeconds) })
        .where(eq(sessions.idHash, idHash));
    },

    async markAccessVerified(idHash: string): Promise<void> {
      await db.update(sessions).set({ accessVerified: true }).where(eq(sessions.idHash, idHash));
    },

    async revoke(idHash: string): Promise<void> {
      await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.idHash, idHash));
    },

    async revokeAllFor(profileId: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.profileId, profileId), isNull(sessions.revokedAt)));
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
