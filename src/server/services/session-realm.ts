// One session mechanism for both realms: recipients (services/sessions.ts) and the rules console's
// staff (services/staff-sessions.ts). Each realm has its own table, owner (a profile or a staff
// account) and limits; the rules are written once here:
// - the cookie carries a random 256-bit id and the table keeps only its SHA-256, with a random CSRF
//   token for the double submit; every sign-in makes a new id;
// - a session ends after `idleSeconds` without activity or once `absoluteSeconds` have passed since
//   it began: reaching the absolute limit ends it (`expiresAt <= now`), as does revoking it;
// - every request reads the session row (a revocation is refused at once, on every process sharing
//   the database), but the idle clock is written at most once per touch interval, so an active
//   session may go idle up to that interval early, never late.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, getTableName, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import type { sessions, staffSessions } from '../db/schema';

/** The header every realm's writes carry their CSRF token in (double submit). */
export const CSRF_HEADER = 'x-csrf-token';

/** How stale the recorded activity may get before a request writes it again. */
export const TOUCH_INTERVAL_SECONDS = 60;

/**
 * The touch interval for an idle timeout: a minute, or a thirtieth of the timeout when that is
 * shorter, so a short timeout (tests, a strict deployment) keeps the same relative precision.
 */
export const touchIntervalMs = (idleTimeoutSeconds: number): number =>
  Math.min(TOUCH_INTERVAL_SECONDS, idleTimeoutSeconds / 30) * 1000;

export const hashSessionId = (id: string): string => createHash('sha256').update(id).digest('hex');

/** A realm's session table (the columns the mechanism uses are common to both). */
export type SessionTable = typeof sessions | typeof staffSessions;

/** Where a realm keeps its sessions: the table and the column naming their owner. */
export interface SessionStorage {
  table: SessionTable;
  owner: AnyPgColumn;
}

export interface SessionLimits {
  idleSeconds: number;
  absoluteSeconds: number;
}

/** What the mechanism needs of a live session, in every realm. */
export interface RealmSession {
  idHash: string;
  csrfToken: string;
  /** The recorded last activity (at most one touch interval behind the real one). */
  lastSeenAt: Date;
}

/** The timing rule of every realm: idle past the limit, or at or past the absolute limit, ends it. */
export function isExpired(
  row: { lastSeenAt: Date; absoluteExpiresAt: Date },
  limits: SessionLimits,
  now: number,
): boolean {
  return (
    now - row.lastSeenAt.getTime() > limits.idleSeconds * 1000 ||
    row.absoluteExpiresAt.getTime() <= now
  );
}

/** A new session's secrets: the cookie value, the hash the table keeps, the CSRF token. */
export interface NewSession {
  id: string;
  idHash: string;
  csrfToken: string;
  /** The idle clock's first reading: the server's clock, as the idle check and touch read it. */
  lastSeenAt: Date;
  absoluteExpiresAt: Date;
}

/**
 * Ends the live sessions of an owner (a password change, a disabled account), in the caller's
 * transaction when given one; `except` keeps the session making the change. Answers how many ended.
 */
export async function revokeSessionsOf(
  db: Database,
  storage: SessionStorage,
  ownerId: string,
  options: { except?: string; at?: Date } = {},
): Promise<number> {
  const { table } = storage;
  const ended = await db
    .update(table)
    .set({ revokedAt: options.at ?? new Date() })
    .where(
      and(
        eq(storage.owner, ownerId),
        isNull(table.revokedAt),
        options.except === undefined ? undefined : ne(table.idHash, options.except),
      ),
    )
    .returning({ idHash: table.idHash });
  return ended.length;
}

/** Deletes the sessions that can no longer be used: revoked, at the absolute limit, or idle (the purge job). */
export async function purgeEndedSessions(
  db: Database,
  storage: SessionStorage,
  idleSeconds: number,
): Promise<number> {
  const { table } = storage;
  const gone = await db
    .delete(table)
    .where(
      or(
        isNotNull(table.revokedAt),
        lte(table.absoluteExpiresAt, sql`now()`),
        lt(table.lastSeenAt, sql`now() - make_interval(secs => ${idleSeconds})`),
      ),
    )
    .returning({ id: table.idHash });
  return gone.length;
}

/**
 * The realm-independent part of a session store: new ids, the timing rule, the throttled idle
 * clock and revocation. A realm adds how a row is inserted and read (its owner join, its columns).
 */
export function createSessionCore(db: Database, storage: SessionStorage, limits: SessionLimits) {
  const { table } = storage;
  const touchEveryMs = touchIntervalMs(limits.idleSeconds);
  const touchById = db
    .update(table)
    // The server's clock, as the idle check reads it (ISO strings bind the same on both drivers).
    .set({ lastSeenAt: sql`${sql.placeholder('now')}::timestamptz` })
    // Only when still stale: concurrent requests of one session write once.
    .where(
      and(
        eq(table.idHash, sql.placeholder('idHash')),
        lt(table.lastSeenAt, sql`${sql.placeholder('staleBefore')}::timestamptz`),
      ),
    )
    .prepare(`${getTableName(table)}_touch`);

  return {
    limits,
    storage,

    /** A new session's id (a new one at every sign-in), its hash and CSRF token. */
    newSession(): NewSession {
      const id = randomBytes(32).toString('base64url');
      const now = Date.now();
      return {
        id,
        idHash: hashSessionId(id),
        csrfToken: randomBytes(24).toString('base64url'),
        lastSeenAt: new Date(now),
        absoluteExpiresAt: new Date(now + limits.absoluteSeconds * 1000),
      };
    },

    isExpired: (row: { lastSeenAt: Date; absoluteExpiresAt: Date }, now = Date.now()) =>
      isExpired(row, limits, now),

    /**
     * Records activity. Written only when the recorded activity is older than the touch interval:
     * a read costs no write, and the idle timeout stays exact to within that interval (early).
     */
    async touch(session: RealmSession): Promise<void> {
      const now = Date.now();
      const staleBefore = now - touchEveryMs;
      if (session.lastSeenAt.getTime() >= staleBefore) return;
      await touchById.execute({
        idHash: session.idHash,
        now: new Date(now).toISOString(),
        staleBefore: new Date(staleBefore).toISOString(),
      });
    },

    async revoke(idHash: string): Promise<void> {
      await db.update(table).set({ revokedAt: new Date() }).where(eq(table.idHash, idHash));
    },

    /** Ends every live session of an owner; `except` keeps one (the session making a change). */
    revokeAllFor: (ownerId: string, options: { except?: string } = {}): Promise<number> =>
      revokeSessionsOf(db, storage, ownerId, options),
  };
}
export type SessionCore = ReturnType<typeof createSessionCore>;
