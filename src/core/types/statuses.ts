// The values of each stored status, at run time: the database columns are typed from these lists
// (src/server/db/schema.ts), so rows come back with their status types and need no cast. Each list
// is checked against its type both ways: a status added to a schema does not compile until it is
// listed here.
import type { ClaimStatus } from './entities/claim-status';
import type { ProfileStatus } from './entities/profile-status';
import type { VersionStatus } from '../rules/console-types';

/** Whether the list holds every value of T (each list is `satisfies readonly T[]` too). */
type Covers<T, List extends readonly T[]> = [Exclude<T, List[number]>] extends [never]
  ? true
  : false;
/** Compiles only with `true`: a value missing from a list is a type error here. */
type Listed<Check extends true> = Check;

export const PROFILE_STATUSES = [
  'DRAFT',
  'CREATED',
  'VERIFIED',
  'ID_PROOFING_PENDING',
  'ID_PROOFING_FAILED',
  'ACTIVATED',
  'ON_HOLD',
  'LOCKED',
  'DEACTIVATED',
  'NAME_MATCH_FAILED',
  'RELATIONSHIP_VERIFICATION_FAILED',
  'RELATIONSHIP_VERIFICATION_FAILED_FINAL',
  'GUARDIAN_CONSENT_PENDING',
  'GUARDIAN_CONSENT_REJECTED',
] as const satisfies readonly ProfileStatus[];
export type ProfileStatusesListed = Listed<Covers<ProfileStatus, typeof PROFILE_STATUSES>>;

export const CLAIM_STATUSES = [
  'CLAIM_CREATED',
  'CLAIM_ON_HOLD',
  'CLAIM_ACKNOWLEDGED',
  'PAYMENT_IN_PROGRESS',
  'PAID',
  'CANCELLED',
  'EXPIRED',
  'REJECTED',
  'FAILED',
] as const satisfies readonly ClaimStatus[];
export type ClaimStatusesListed = Listed<Covers<ClaimStatus, typeof CLAIM_STATUSES>>;

/** A payout method: usable, or a Zelle token waiting for the code sent to it. */
export const PAYMENT_METHOD_STATUSES = ['ACTIVE', 'AWAITS_OTP'] as const;
export type PaymentMethodStatus = (typeof PAYMENT_METHOD_STATUSES)[number];

/** Identity documents sent for review: waiting, then the reviewer's decision. */
export const DOCUMENT_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** A rule version: the seed (the files'), then drafts through review to publication. */
export const VERSION_STATUSES = [
  'seed',
  'draft',
  'approved',
  'sent_back',
  'published',
] as const satisfies readonly VersionStatus[];
export type VersionStatusesListed = Listed<Covers<VersionStatus, typeof VERSION_STATUSES>>;
