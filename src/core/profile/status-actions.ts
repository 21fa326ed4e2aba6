// What a profile may do in each status: one table read by the server's domain checks, the portal's
// route guards and every button, so the portal offers an action only where the server accepts it.
//
// Product decision on ON_HOLD (spec section 6 forbids only deleting a payout method): a hold is an
// operations review, so it also stops what moves money or changes identity while the review runs —
// accepting and cancelling claims and editing the profile. Payout methods can still be added,
// edited and preferred, so the person is ready when the hold is lifted.
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
  | 'consentAsGuardian';

const PAYOUT_EXCEPT_DELETE: readonly ProfileAction[] = [
  'addPayoutMethod',
  'editPayoutMethod',
  'preferPayoutMethod',
];

/** Allowed actions per status; anything not listed is refused (409) and not offered. */
export const STATUS_ACTIONS: Record<ProfileStatus, readonly ProfileAction[]> = {
  DRAFT: [],
  CREATED: [],
  VERIFIED: ['editProfile', 'inviteGuardian'],
  ID_PROOFING_PENDING: [],
  ID_PROOFING_FAILED: ['editProfile'],
  ACTIVATED: [
    'acceptClaim',
    'cancelClaim',
    'editProfile',
    ...PAYOUT_EXCEPT_DELETE,
    'deletePayoutMethod',
    'consentAsGuardian',
  ],
  ON_HOLD: [...PAYOUT_EXCEPT_DELETE],
  LOCKED: [],
  DEACTIVATED: [],
  NAME_MATCH_FAILED: ['editProfile'],
  RELATIONSHIP_VERIFICATION_FAILED: ['editProfile'],
  RELATIONSHIP_VERIFICATION_FAILED_FINAL: [],
  GUARDIAN_CONSENT_PENDING: ['inviteGuardian'],
  GUARDIAN_CONSENT_REJECTED: ['editProfile', 'inviteGuardian'],
};

export function mayDo(status: string | null | undefined, action: ProfileAction): boolean {
  const allowed = status
    ? (STATUS_ACTIONS as Record<string, readonly ProfileAction[]>)[status]
    : [];
  return allowed?.includes(action) ?? false;
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
