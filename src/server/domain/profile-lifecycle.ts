// The profile status state machine of spec section 4. Every status change goes through
// `assertTransition`; anything not listed here is refused with 409.
import type { ProfileStatus } from '../../core/types/entities/profile-status';
import { PROFILE_STATUSES } from '../../core/types/statuses';
import { conflict } from '../errors';

const BLOCKABLE: ProfileStatus[] = ['LOCKED', 'DEACTIVATED'];

/** A blocked profile's sessions may only read the profile and its status (spec section 4). */
export const isBlockedStatus = (status: string): boolean =>
  (BLOCKABLE as readonly string[]).includes(status);

/**
 * Allowed next statuses. Operations (admin) may also hold, lock and deactivate, as listed; what the
 * admin API may do of these, and the unblock, is domain/operator-status.ts.
 */
export const TRANSITIONS: Record<ProfileStatus, readonly ProfileStatus[]> = {
  DRAFT: ['CREATED', ...BLOCKABLE],
  CREATED: ['VERIFIED', ...BLOCKABLE],
  VERIFIED: ['ID_PROOFING_PENDING', 'GUARDIAN_CONSENT_PENDING', ...BLOCKABLE],
  ID_PROOFING_PENDING: [
    'ACTIVATED',
    'ID_PROOFING_FAILED',
    'NAME_MATCH_FAILED',
    'RELATIONSHIP_VERIFICATION_FAILED',
    'RELATIONSHIP_VERIFICATION_FAILED_FINAL',
    ...BLOCKABLE,
  ],
  // A failed proofing may be retried once the user has corrected the profile.
  ID_PROOFING_FAILED: ['ID_PROOFING_PENDING', ...BLOCKABLE],
  // VERIFIED: identity data changed after proofing, so it is proofed again (domain/profile.ts).
  ACTIVATED: ['ON_HOLD', 'VERIFIED', 'ID_PROOFING_PENDING', 'ID_PROOFING_FAILED', ...BLOCKABLE],
  ON_HOLD: ['ACTIVATED', ...BLOCKABLE],
  // Unblocking returns only to the status held before the block (domain/operator-status.ts).
  LOCKED: ['DEACTIVATED'],
  DEACTIVATED: [],
  NAME_MATCH_FAILED: ['ID_PROOFING_PENDING', ...BLOCKABLE],
  // The user corrects personal or company info and proofing runs again.
  RELATIONSHIP_VERIFICATION_FAILED: ['ID_PROOFING_PENDING', ...BLOCKABLE],
  RELATIONSHIP_VERIFICATION_FAILED_FINAL: [...BLOCKABLE],
  // All guardians consenting returns the minor to VERIFIED to continue with proofing.
  GUARDIAN_CONSENT_PENDING: ['VERIFIED', 'GUARDIAN_CONSENT_REJECTED', ...BLOCKABLE],
  GUARDIAN_CONSENT_REJECTED: ['GUARDIAN_CONSENT_PENDING', ...BLOCKABLE],
};

export const isProfileStatus = (value: unknown): value is ProfileStatus =>
  (PROFILE_STATUSES as readonly unknown[]).includes(value);

export const canTransition = (from: ProfileStatus, to: ProfileStatus): boolean =>
  TRANSITIONS[from].includes(to);

export function assertTransition(from: ProfileStatus, to: ProfileStatus): void {
  if (!canTransition(from, to)) {
    throw conflict(`IllegalStatusTransition: a profile cannot go from ${from} to ${to}`);
  }
}
