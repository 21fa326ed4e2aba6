// Identity numbers sealed at rest, per kind of profile: the API returns them masked. A module of
// their own (identity-fields.ts uses it) so the portal's profile form reads them without carrying
// what only the question before a new identity check needs.

export type ProfileKind = 'person' | 'company';

/** Identity numbers sealed at rest, per kind of profile (the API returns them masked). */
export const SEALED_FIELDS: Record<ProfileKind, readonly string[]> = {
  person: ['ssn', 'tin', 'govId'],
  company: ['tin'],
};
