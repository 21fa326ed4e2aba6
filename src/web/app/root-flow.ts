// Where the empty path sends a signed-in user (spec section 4), as one pure function.
import type { ProfileStatus } from '../../core/types/entities/profile-status';
import type { ProfileType } from '../../core/types/entities/profile-type';
import { detailsPath } from '../../core/routes/signed-in-paths';

export interface RootFlowInput {
  status: ProfileStatus | string;
  profileType?: ProfileType | string;
  minors?: readonly { id: string; consent: string | null }[];
}

export class UnknownProfileStatusError extends Error {
  constructor(status: string) {
    super(`Unknown profile status: ${status}`);
    this.name = 'UnknownProfileStatusError';
  }
}

/** Minors (of a guardian) still waiting for a decision: consent null (spec section 4). A refusal
 * is a decision, so it does not send the guardian back to the consent page. */
export const minorsLackingConsent = (minors: RootFlowInput['minors'] = []) =>
  minors.filter((m) => m.consent === null);

export function rootFlow({ status, profileType, minors = [] }: RootFlowInput): string {
  const lacking = minorsLackingConsent(minors);
  switch (status) {
    case 'DRAFT':
    case 'CREATED':
      return '/registration/verify-account';
    case 'VERIFIED':
      return lacking.length ? '/dashboard' : '/registration';
    case 'ACTIVATED':
      return lacking[0] ? `/settings/guardian-consent/${lacking[0].id}` : '/dashboard';
    case 'GUARDIAN_CONSENT_PENDING':
    case 'ON_HOLD':
      return '/dashboard';
    case 'GUARDIAN_CONSENT_REJECTED':
      return '/registration/guardian-consent/rejected';
    case 'ID_PROOFING_FAILED':
    case 'ID_PROOFING_PENDING':
      return '/id-proofing';
    case 'LOCKED':
    case 'DEACTIVATED':
      return '/account-blocked';
    case 'NAME_MATCH_FAILED':
      return '/name-match-failed';
    case 'RELATIONSHIP_VERIFICATION_FAILED':
      return detailsPath(profileType);
    case 'RELATIONSHIP_VERIFICATION_FAILED_FINAL':
      return '/relationship-verification-failed';
    default:
      throw new UnknownProfileStatusError(status);
  }
}
