// Server-side sessions. The cookie carries a random 256-bit id; the table keeps only its SHA-256.
// An access window (ACCESS_TTL_SECONDS, default 5 min) must be refreshed through the login page
// path; the session itself ends after 30 minutes idle or 12 hours in all (DESIGN.md section 6).
//
// Reads stay cheap without weakening the session: every request still reads the session row (so a
// revocation or a lapsed window is refused at once, on every server process sharing the database),
// but the idle clock (last_seen_at) is written at most once per TOUCH_INTERVAL_SECONDS. An active
// session may therefore go idle up to that interval early, never late.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { profiles, sessions } from '../db/schema';
import { profileDtoColumns, profileDtoOf } from '../repositories/profiles';
import type { Profile } from '../../core/types/entities/profile';

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

/** How stale the recorded activity may get before a request writes it again. */
export const TOUCH_INTERVAL_SECONDS = 60;

/**
 * The touch interval for an idle timeout: a minute, or a thirtieth of the timeout when that is
 * shorter, so a short timeout (tests, a strict deployment) keeps the same relative precision.
 */
export const touchIntervalMs = (idleTimeoutSeconds: number): number =>
  Math.min(TOUCH_INTERVAL_SECONDS, idleTimeoutSeconds / 30) * 1000;

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
  /** The recorded last activity (at most one touch interval behind the real one). */
  lastSeenAt: Date;
  /** The whole profile entity, when the route asked for it with the session (one round trip). */
  profile?: Profile;
}

// The session columns the gate decides on (not its id hash, known, nor its creation time).
const sessionFields = {
  profileId: sessions.profileId,
  csrfToken: sessions.csrfToken,
  accessVerified: sessions.accessVerified,
  lastSeenAt: sessions.lastSeenAt,
  accessExpiresAt: sessions.accessExpiresAt,
  absoluteExpiresAt: sessions.absoluteExpiresAt,
};
type SessionRow = Pick<typeof sessions.$inferSelect, keyof typeof sessionFields>;

export const hashSessionId = (id: string): string => createHash('sha256').update(id).digest('hex');

export function createSessionStore(db: Database, timeouts: SessionTimeouts) {
  const seconds = (n: number) => new Date(Date.now() + n * 1000);
  const touchEveryMs = touchIntervalMs(timeouts.idleTimeoutSeconds);
  // Prepared once: every request runs these, so their SQL is built once and, on PostgreSQL,
  // parsed once per connection (named statements).
  const bySessionId = and(
    eq(sessions.idHash, sql.placeholder('idHash')),
    isNull(sessions.revokedAt),
  );
  const findById = db
    .select({ session: sessionFields, status: profiles.status, merchantId: profiles.merchantId })
    .from(sessions)
    .innerJoin(profiles, eq(profiles.id, sessions.profileId))
    .where(bySessionId)
    .prepare('session_find');
  // A route that answers with the profile (GET /me) reads it with the session: one query, not two.
  const findWithProfileById = db
    .select({ session: sessionFields, ...profileDtoColumns })
    .from(sessions)
    .innerJoin(profiles, eq(profiles.id, sessions.profileId))
    .where(bySessionId)
    .prepare('session_find_profile');
  const touchById = db
    .update(sessions)
    // The server's clock, as the idle check reads it (ISO strings bind the same on both drivers).
    .set({ lastSeenAt: sql`${sql.placeholder('now')}::timestamptz` })
    // Only when still stale: concurrent requests of one session write once.
    .where(
      and(
        eq(sessions.idHash, sql.placeholder('idHash')),
        lt(sessions.lastSeenAt, sql`${sql.placeholder('staleBefore')}::timestamptz`),
      ),
    )
    .prepare('session_touch');

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

    /** The live session of a cookie value, with its profile entity when `withProfile` is set. */
    async find(id: string | undefined, withProfile = false): Promise<ActiveSession | null> {
      if (!id) return null;
      const idHash = hashSessionId(id);
      let row: SessionRow;
      let status: string;
      let merchantId: string;
      let profile: Profile | undefined;
      if (withProfile) {
        const [found] = await findWithProfileById.execute({ idHash });
        if (!found) return null;
        row = found.session;
        ({ status, merchantId } = found.profile);
        profile = profileDtoOf(found);
      } else {
        // One query: the session with its profile's status and merchant.
        const [found] = await findById.execute({ idHash });
        if (!found) return null;
        ({ session: row, status, merchantId } = found);
      }
      const now = Date.now();
      const idle = now - row.lastSeenAt.getTime() > timeouts.idleTimeoutSeconds * 1000;
      if (idle || row.absoluteExpiresAt.getTime() < now) return null;
      return {
        idHash,
        profileId: row.profileId,
        csrfToken: row.csrfToken,
        accessVerified: row.accessVerified,
        accessValid: row.accessExpiresAt.getTime() > now,
        profileStatus: status,
        merchantId,
        lastSeenAt: row.lastSeenAt,
        ...(profile ? { profile } : {}),
      };
    },

    /**
     * Activity within the access window keeps the session from going idle (status polls do not).
     * Written only when the recorded activity is older than the touch interval: a read costs no
     * write, and the idle timeout stays exact to within that interval (on the early side).
     */
    async touch(session: ActiveSession): Promise<void> {
      const now = Date.now();
      const staleBefore = now - touchEveryMs;
      if (session.lastSeenAt.getTime() >= staleBefore) return;
      await touchById.execute({
        idHash: session.idHash,
        now: new Date(now).toISOString(),
        staleBefore: new Date(staleBefore).toISOString(),
      });
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
