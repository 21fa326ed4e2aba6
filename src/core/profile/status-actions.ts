// What a profile may do in each status: one table read by the server's domain checks, the portal's
// route guards and every button, so the portal offers an action only where the server accepts it.
//
// Product decision on ON_HOLD (spec section 6 forbids only deleting a payout method): a hold is an
// operations review, so it also stops what moves money or changes identity while the review runs —
// accepting and cancelling claims and editing the profile. Payout methods can still be added,
// edited and preferred, so the person is ready when the hold is lifted. Deleting the account is
// stopped too (issue 29): it would delete the payout methods a hold keeps and end the review.
import type { ProfileStatus } from '../types/entities/profile-status';

export type ProfileAction =
  | 'acceptClaim'
  | 'cancelClaim'
  | 'editProfile'
  | 'addPayoutMethod'
  | 'editPayoutMethod'
  | 'deletePayoutMethod'
  | 'preferPayoutMethod'
  | 'inviteGuardian'
  | 'consentAsGuardian'
  | 'deleteAccount';

const ACTIVATED: readonly ProfileStatus[] = ['ACTIVATED'];
/** Proofed: activated, or activated and then put on hold. */
const PROOFED: readonly ProfileStatus[] = ['ACTIVATED', 'ON_HOLD'];

/**
 * The statuses in which each action is allowed; in any other it is refused (409) and not offered.
 * Kept per action (not per status) because the portal's shell carries it: the status names then
 * compress against the root flow's.
 */
export const STATUS_ACTIONS: Record<ProfileAction, readonly ProfileStatus[]> = {
  acceptClaim: ACTIVATED,
  cancelClaim: ACTIVATED,
  editProfile: [
    'VERIFIED',
    'ID_PROOFING_FAILED',
    'ACTIVATED',
    'NAME_MATCH_FAILED',
    'RELATIONSHIP_VERIFICATION_FAILED',
    'GUARDIAN_CONSENT_REJECTED',
  ],
  addPayoutMethod: PROOFED,
  editPayoutMethod: PROOFED,
  deletePayoutMethod: ACTIVATED,
  preferPayoutMethod: PROOFED,
  inviteGuardian: ['VERIFIED', 'GUARDIAN_CONSENT_PENDING', 'GUARDIAN_CONSENT_REJECTED'],
  consentAsGuardian: ACTIVATED,
  // Every status but a hold and the blocks (LOCKED and DEACTIVATED sessions are stopped before any
  // route anyway). A claim in payment also stops it: the server's check, not the table's.
  deleteAccount: [
    'DRAFT',
    'CREATED',
    'VERIFIED',
    'ID_PROOFING_PENDING',
    'ID_PROOFING_FAILED',
    'ACTIVATED',
    'NAME_MATCH_FAILED',
    'RELATIONSHIP_VERIFICATION_FAILED',
    'RELATIONSHIP_VERIFICATION_FAILED_FINAL',
    'GUARDIAN_CONSENT_PENDING',
    'GUARDIAN_CONSENT_REJECTED',
  ],
};

export function mayDo(status: string | null | undefined, action: ProfileAction): boolean {
  return (STATUS_ACTIONS[action] as readonly unknown[]).includes(status);
}

/** The stable names of a refusal, answered by the server (409) and translated by the portal. */
export type StatusRefusal = 'ProfileOnHold' | 'ProfileNotActivated' | 'ProfileNotEditable';

/**
 * Why an action is withheld, as the stable error name the server answers at the start of its 409
 * message and the portal matches: a profile edit keeps its own name (ProfileNotEditable, which the
 * profile form already explains); otherwise a hold says so, and anything else waits for the profile
 * to be activated.
 */
export function refusalOf(
  status: string | null | undefined,
  action?: ProfileAction,
): StatusRefusal {
  if (action === 'editProfile') return 'ProfileNotEditable';
  return status === 'ON_HOLD' ? 'ProfileOnHold' : 'ProfileNotActivated';
}
