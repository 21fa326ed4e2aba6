// What has expired and is never read again, deleted by the purge job (jobs/definitions.ts):
// sessions and staff sessions past their idle or absolute limit or revoked, password-reset
// tokens past their hour, one-time codes past their ten minutes, and failed sign-ins of unknown
// emails not tried for UNKNOWN_SIGN_IN_RETENTION_DAYS: rows the checks already refuse.
//
// Claim and guardian invitations are kept when they expire: the portal answers an expired one
// as expired (not as unknown), and the claims point to them.
import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { StaffTimeouts } from '../config';
import { oneTimeCodes, sessions, staffSessions, tokens, unknownSignIns } from '../db/schema';
import { RESET_PURPOSE } from '../domain/password-reset';

/**
 * Counts of an unknown email's failures are kept this long after its last one: the lock they
 * earn must outlast any guessing campaign, and rows of emails nobody tries again must not pile up.
 * An account's own count is not purged (it is a column of the account).
 */
export const UNKNOWN_SIGN_IN_RETENTION_DAYS = 30;

export interface PurgeLimits {
  idleTimeoutSeconds: number;
  absoluteTimeoutSeconds: number;
  staffTimeouts: StaffTimeouts;
}

const ago = (seconds: number) => sql`now() - make_interval(secs => ${seconds})`;

/** Deletes what has expired; answers how many rows of each kind went. */
export async function purgeExpired(
  db: Database,
  limits: PurgeLimits,
): Promise<Record<string, number>> {
  const gone = async (rows: Promise<unknown[]>): Promise<number> => (await rows).length;
  return {
    sessions: await gone(
      db
        .delete(sessions)
        .where(
          or(
            isNotNull(sessions.revokedAt),
            lt(sessions.absoluteExpiresAt, sql`now()`),
            lt(sessions.lastSeenAt, ago(limits.idleTimeoutSeconds)),
          ),
        )
        .returning({ id: sessions.idHash }),
    ),
    staffSessions: await gone(
      db
        .delete(staffSessions)
        .where(
          or(
            isNotNull(staffSessions.revokedAt),
            lt(staffSessions.absoluteExpiresAt, sql`now()`),
            lt(staffSessions.lastSeenAt, ago(limits.staffTimeouts.idleSeconds)),
          ),
        )
        .returning({ id: staffSessions.idHash }),
    ),
    resetTokens: await gone(
      db
        .delete(tokens)
        .where(and(sql`${tokens.purpose} = ${RESET_PURPOSE}`, lt(tokens.expiresAt, sql`now()`)))
        .returning({ id: tokens.id }),
    ),
    oneTimeCodes: await gone(
      db
        .delete(oneTimeCodes)
        .where(lt(oneTimeCodes.expiresAt, sql`now()`))
        .returning({ id: oneTimeCodes.id }),
    ),
    unknownSignIns: await gone(
      db
        .delete(unknownSignIns)
        .where(lt(unknownSignIns.updatedAt, ago(UNKNOWN_SIGN_IN_RETENTION_DAYS * 86_400)))
        .returning({ id: unknownSignIns.emailHash }),
    ),
  };
}
