// The question before a new identity check, loaded by registration-page.tsx only when an activated
// profile saves its details: does this save change what proofing verified, and the dialog that
// asks before saving.
import { identityChanged } from '../../../../core/profile/identity-fields';
import type { Profile } from '../../../../core/types/entities/profile';
import type { FormData } from '../../../components/schema-form';
import { defined, SEALED_FIELDS, type Kind } from './profile-forms';

/**
 * Whether saving these details changes what identity proofing verified, as the server decides it
 * (src/server/domain/profile.ts): another profile type, or an identity field that differs. A number
 * left empty keeps the stored one; a number typed again counts as a change (only its last four
 * digits are known here).
 */
export function changesIdentity(profile: Profile, kind: Kind, details: FormData): boolean {
  if (profile.profileType !== kind) return true;
  const before = defined(kind === 'COMPANY' ? profile.company : profile.person);
  const after: FormData = { ...details };
  for (const field of SEALED_FIELDS[kind]) {
    if (after[field] === undefined || after[field] === '') after[field] = before[field];
  }
  return identityChanged(kind === 'COMPANY' ? 'company' : 'person', before, after);
}

export { default as IdentityChangeDialog } from '../components/identity-change-dialog';
