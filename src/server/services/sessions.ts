// Recipients' sessions: the session mechanism of services/session-realm.ts (ids, timing rule,
// idle clock, revocation) over the `sessions` table, owned by a profile; 30 minutes idle, 12 hours
// in all (DESIGN.md section 6). Recipients add a short access window (ACCESS_TTL_SECONDS, default
// 5 min) that must be refreshed through the login page path, the access code flag, and the
// profile's status (or the whole profile) read with the session in one prepared query.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { profiles, sessions } from '../db/schema';
import { profileDtoColumns, profileDtoOf } from '../repositories/profiles';
import type { Profile } from '../../core/types/entities/profile';
import {
  createSessionCore,
  hashSessionId,
  type RealmSession,
  type SessionStorage,
} from './session-realm';

export {
  CSRF_HEADER,
  TOUCH_INTERVAL_SECONDS,
  hashSessionId,
  touchIntervalMs,
} from './session-realm';

export const SESSION_COOKIE = 'pp_session';
/** In production the `__Host-` prefix pins the cookie to this host: Secure, Path=/, no Domain. */
export const sessionCookieName = (secure: boolean): string =>
  secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
export const CSRF_COOKIE = 'XSRF-TOKEN';

export interface SessionTimeouts {
  accessTtlSeconds: number;
  idleTimeoutSeconds: number;
  absoluteTimeoutSeconds: number;
}

export interface ActiveSession extends RealmSession {
  profileId: string;
  accessVerified: boolean;
  /** False when the short access window lapsed: the caller must refresh through the login page. */
  accessValid: boolean;
  /** The profile's status and merchant, read with the session (the gate decides on them). */
  profileStatus: string;
  merchantId: string;
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

/** Recipients' sessions are rows of `sessions`, each owned by a profile. */
export const RECIPIENT_SESSIONS: SessionStorage = { table: sessions, owner: sessions.profileId };

export function createSessionStore(db: Database, timeouts: SessionTimeouts) {
  const seconds = (n: number) => new Date(Date.now() + n * 1000);
  const core = createSessionCore(db, RECIPIENT_SESSIONS, {
    idleSeconds: timeouts.idleTimeoutSeconds,
    absoluteSeconds: timeouts.absoluteTimeoutSeconds,
  });
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
  return {
    /** A new session (a new id at every sign-in); returns the cookie value and CSRF token. */
    async create(profileId: string): Promise<{ id: string; csrfToken: string }> {
      const { id, idHash, csrfToken, lastSeenAt, absoluteExpiresAt } = core.newSession();
      await db.insert(sessions).values({
        idHash,
        profileId,
        csrfToken,
        accessExpiresAt: seconds(timeouts.accessTtlSeconds),
        lastSeenAt,
        absoluteExpiresAt,
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
      if (core.isExpired(row, now)) return null;
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

    /** Activity within the access window keeps the session from going idle (polls do not). */
    touch: core.touch,

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

    revoke: core.revoke,
    revokeAllFor: core.revokeAllFor,
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
