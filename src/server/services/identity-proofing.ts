// Identity proofing behind an interface. The embedded default is a deterministic simulator so
// that every outcome screen can be reached on purpose (documented in the README):
//   last name "Fail"                         → ID_PROOFING_FAILED
//   last name "Pending"                      → ID_PROOFING_PENDING (stays pending)
//   last name "Mismatch"                     → NAME_MATCH_FAILED
//   last name "Relationship"                 → RELATIONSHIP_VERIFICATION_FAILED
//   last name "Final"                        → RELATIONSHIP_VERIFICATION_FAILED_FINAL
//   company name containing "Fail"          → ID_PROOFING_FAILED
//   anything else                            → ACTIVATED
import type { ProfileStatus } from '../../core/types/entities/profile-status';

export interface ProofingSubject {
  profileType: string;
  person?: Record<string, unknown> | null;
  company?: Record<string, unknown> | null;
}

export type ProofingOutcome = Extract<
  ProfileStatus,
  | 'ACTIVATED'
  | 'ID_PROOFING_PENDING'
  | 'ID_PROOFING_FAILED'
  | 'NAME_MATCH_FAILED'
  | 'RELATIONSHIP_VERIFICATION_FAILED'
  | 'RELATIONSHIP_VERIFICATION_FAILED_FINAL'
>;

export interface IdentityProofing {
  verify(subject: ProofingSubject): Promise<ProofingOutcome>;
}

export const simulatedIdentityProofing: IdentityProofing = {
  async verify({ profileType, person, company }) {
    if (profileType === 'COMPANY') {
      return String(company?.name ?? '').includes('Fail') ? 'ID_PROOFING_FAILED' : 'ACTIVATED';
    }
    const lastName = String(person?.lastName ?? '').trim();
    if (lastName === 'Fail') return 'ID_PROOFING_FAILED';
    const outcomes: Record<string, ProofingOutcome> = {
      Pending: 'ID_PROOFING_PENDING',
      Mismatch: 'NAME_MATCH_FAILED',
      Relationship: 'RELATIONSHIP_VERIFICATION_FAILED',
      Final: 'RELATIONSHIP_VERIFICATION_FAILED_FINAL',
    };
    return outcomes[lastName] ?? 'ACTIVATED';
  },
};
