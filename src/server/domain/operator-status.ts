// What operations may do to a profile's status with the admin API (issue 29 point 5): put an
// ACTIVATED profile on hold and release the hold, lock, deactivate, and unblock back to exactly
// the status the block interrupted. Nothing else: ACTIVATED is reached through identity proofing
// or a document decision, the other statuses through the recipient's and guardians' own steps, so
// the API cannot skip an email check, a proofing, a pending document review or a guardian's consent.
// Every move is recorded in the admin audit log, with the key's name, in the move's transaction.
import type { Database } from '../db/client';
import { conflict, notFound } from '../errors';
import { recordAdminAudit } from '../repositories/admin-audit';
import { getProfile, setStatusAndBeforeBlock } from '../repositories/profiles';
import { assertTransition, isBlockedStatus } from './profile-lifecycle';
import type { ProfileStatus } from '../../core/types/entities/profile-status';

export const OPERATOR_MOVES = ['hold', 'release', 'lock', 'deactivate', 'unblock'] as const;
export type OperatorMove = (typeof OPERATOR_MOVES)[number];

export interface OperatorStatusChange {
  move: OperatorMove;
  status: ProfileStatus;
  /** What to remember for the unblock (null once the profile is no longer blocked). */
  statusBeforeBlock: ProfileStatus | null;
}

const refuse = (message: string) => conflict(`IllegalStatusTransition: ${message}`);

/**
 * The operator's move from `from` to `to`, or 409 IllegalStatusTransition. A block remembers the
 * status it interrupted (a deactivation of a locked profile keeps the one the lock remembered).
 */
export function operatorMove(
  from: ProfileStatus,
  to: ProfileStatus,
  statusBeforeBlock: ProfileStatus | null,
): OperatorStatusChange {
  if (isBlockedStatus(from) && !isBlockedStatus(to)) {
    if (statusBeforeBlock !== to)
      throw refuse(
        `a ${from} profile returns only to the status it had before the block (${statusBeforeBlock ?? 'unknown'}), not ${to}`,
      );
    return { move: 'unblock', status: to, statusBeforeBlock: null };
  }
  const move: OperatorMove | null =
    to === 'ON_HOLD' && from === 'ACTIVATED'
      ? 'hold'
      : to === 'ACTIVATED' && from === 'ON_HOLD'
        ? 'release'
        : to === 'LOCKED'
          ? 'lock'
          : to === 'DEACTIVATED'
            ? 'deactivate'
            : null;
  if (!move)
    throw refuse(
      `operations may hold an ACTIVATED profile, release a hold, lock, deactivate or unblock; not move a ${from} profile to ${to} (ACTIVATED comes from identity proofing or a document decision)`,
    );
  // The state machine still has the last word (no lock of a deactivated profile, no twice the same).
  assertTransition(from, to);
  if (move === 'lock' || move === 'deactivate')
    return {
      move,
      status: to,
      statusBeforeBlock: isBlockedStatus(from) ? statusBeforeBlock : from,
    };
  return { move, status: to, statusBeforeBlock: null };
}

/** Moves a profile's status as operations asked, audited as `actor`, in one transaction. */
export async function changeStatusAsOperator(
  db: Database,
  profileId: string,
  to: ProfileStatus,
  actor: string,
): Promise<{ id: string; status: ProfileStatus }> {
  return db.transaction(async (tx) => {
    const row = await getProfile(tx, profileId, true).catch(() => {
      throw notFound('ProfileMissing: no profile with this id');
    });
    const from = row.status;
    const change = operatorMove(from, to, row.statusBeforeBlock);
    await setStatusAndBeforeBlock(tx, profileId, {
      status: change.status,
      statusBeforeBlock: change.statusBeforeBlock,
    });
    await recordAdminAudit(tx, {
      actor,
      action: `profile.${change.move}`,
      subject: profileId,
      detail: { from, to: change.status },
    });
    return { id: profileId, status: change.status };
  });
}
