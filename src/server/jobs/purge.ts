// What has expired and is never read again, deleted by the purge job (jobs/definitions.ts):
// sessions and staff sessions past their idle or absolute limit or revoked, password-reset
// tokens past their hour, one-time codes past their ten minutes, and failed sign-ins of unknown
// emails not tried for UNKNOWN_SIGN_IN_RETENTION_DAYS: rows the checks already refuse.
//
// Claim and guardian invitations are kept when they expire: the portal answers an expired one
// as expired (not as unknown), and the claims point to them.
import { and, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { StaffTimeouts } from '../config';
import { oneTimeCodes, tokens, unknownSignIns } from '../db/schema';
import { RESET_PURPOSE } from '../domain/password-reset';
import { purgeEndedSessions } from '../services/session-realm';
import { RECIPIENT_SESSIONS } from '../services/sessions';
import { STAFF_SESSIONS } from '../services/staff-sessions';

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
    sessions: await purgeEndedSessions(db, RECIPIENT_SESSIONS, limits.idleTimeoutSeconds),
    staffSessions: await purgeEndedSessions(db, STAFF_SESSIONS, limits.staffTimeouts.idleSeconds),
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
