// Which claims are upcoming (spec section 4) and which can still be accepted or cancelled; which
// profiles may accept or cancel at all is the status table's (core/profile/status-actions).
import type { Claim } from '../../../../core/types/entities/claim';

const UPCOMING: readonly string[] = [
  'CLAIM_CREATED',
  'CLAIM_ON_HOLD',
  'CLAIM_ACKNOWLEDGED',
  'PAYMENT_IN_PROGRESS',
];
const ACCEPTABLE: readonly string[] = ['CLAIM_CREATED', 'CLAIM_ACKNOWLEDGED'];

export const isUpcoming = (claim: Pick<Claim, 'status'>) => UPCOMING.includes(claim.status);
export const isAcceptable = (claim: Pick<Claim, 'status'>) => ACCEPTABLE.includes(claim.status);
