// What identity proofing verified, per kind of profile. Changing one of these after activation
// sends the profile back through the identity check (the server decides it, src/server/domain/
// profile.ts); the portal compares the same fields to ask first.

import type { ProfileKind } from './sealed-fields';

export { SEALED_FIELDS, type ProfileKind } from './sealed-fields';

/** What identity proofing verified, per kind of profile. */
export const IDENTITY_FIELDS: Record<ProfileKind, readonly string[]> = {
  person: ['firstName', 'middleName', 'lastName', 'dob', 'residency', 'ssn', 'tin', 'govId'],
  company: ['name', 'tin', 'residency'],
};

/** A value as proofing compares it: numbers without spaces or dashes, text without case. */
export function normaliseIdentityValue(field: string, value: unknown): string {
  const text = typeof value === 'string' ? value.trim() : value == null ? '' : String(value);
  return ['ssn', 'tin', 'govId'].includes(field)
    ? text.replace(/[\s-]/g, '').toUpperCase()
    : text.toLocaleLowerCase();
}

/** Whether any identity field differs between the record of proofing and the new one. */
export function identityChanged(
  kind: ProfileKind,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): boolean {
  return IDENTITY_FIELDS[kind].some(
    (field) =>
      normaliseIdentityValue(field, before[field]) !== normaliseIdentityValue(field, after[field]),
  );
}
