// The embedded default: a deterministic simulator that decides at once, so every outcome screen
// can be reached on purpose (documented in the README):
//   last name "Fail"                         → ID_PROOFING_FAILED
//   last name "Pending"                      → ID_PROOFING_PENDING (stays pending)
//   last name "Mismatch"                     → NAME_MATCH_FAILED
//   last name "Relationship"                 → RELATIONSHIP_VERIFICATION_FAILED
//   last name "Final"                        → RELATIONSHIP_VERIFICATION_FAILED_FINAL
//   company name containing "Fail"          → ID_PROOFING_FAILED
//   anything else                            → ACTIVATED
import type { IdentityProvider, ProofingOutcome } from './provider';

// A Map, so a last name such as "constructor" finds nothing inherited.
const BY_LAST_NAME = new Map<string, ProofingOutcome>([
  ['Fail', 'ID_PROOFING_FAILED'],
  ['Pending', 'ID_PROOFING_PENDING'],
  ['Mismatch', 'NAME_MATCH_FAILED'],
  ['Relationship', 'RELATIONSHIP_VERIFICATION_FAILED'],
  ['Final', 'RELATIONSHIP_VERIFICATION_FAILED_FINAL'],
]);

export const simulatedIdentityProvider: IdentityProvider = {
  name: 'simulator',
  simulated: true,
  async start({ profileType, person, company }) {
    if (profileType === 'COMPANY') {
      const failed = String(company?.name ?? '').includes('Fail');
      return { kind: 'decided', outcome: failed ? 'ID_PROOFING_FAILED' : 'ACTIVATED' };
    }
    const lastName = String(person?.lastName ?? '').trim();
    return { kind: 'decided', outcome: BY_LAST_NAME.get(lastName) ?? 'ACTIVATED' };
  },
};
