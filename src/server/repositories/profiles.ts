// Reads and writes profiles with their addresses, phones and guardians, and shapes them as the
// Profile entity of the API.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { addresses, guardians, phones, profiles } from '../db/schema';
import type { Address } from '../../core/types/entities/address';
import type { Profile } from '../../core/types/entities/profile';
import type { ProfileStatus } from '../../core/types/entities/profile-status';
import { notFound } from '../errors';

export type ProfileRow = typeof profiles.$inferSelect;

/** Address form fields (country-specific) to the Address entity, and back. */
export function addressToEntity(
  id: string,
  addressType: string,
  fields: Record<string, string>,
): Address {
  const us = fields.countryCode === 'US';
  return {
    id,
    addressType: addressType as Address['addressType'],
    countryCode: fields.countryCode ?? '',
    addressLine1: fields.addressLine1 ?? '',
    ...(fields.addressLine2 ? { addressLine2: fields.addressLine2 } : {}),
    ...((us ? fields.city : fields.locality) ? { city: us ? fields.city : fields.locality } : {}),
    ...((us ? fields.state : fields.province)
      ? { state: us ? fields.state : fields.province }
      : {}),
    ...((us ? fields.zipCode : fields.postalCode)
      ? { postalCode: us ? fields.zipCode : fields.postalCode }
      : {}),
  } as Address;
}

export async function findProfileByEmail(
  db: Database,
  email: string,
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(profiles)
    .where(sql`lower(${profiles.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function getProfile(db: Database, id: string, forUpdate = false): Promise<ProfileRow> {
  const query = db.select().from(profiles).where(eq(profiles.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound('ProfileMissing: Profile is missing');
  return row;
}

export async function setStatus(db: Database, id: string, status: ProfileStatus): Promise<void> {
  await db.update(profiles).set({ status, updatedAt: new Date() }).where(eq(profiles.id, id));
}

const consentValue = (c: string | null): 'true' | 'false' | null =>
  c === 'true' || c === 'false' ? c : null;

export async function toProfileDto(db: Database, row: ProfileRow): Promise<Profile> {
  const [addressRows, phoneRows, guardianRows, minorRows] = await Promise.all([
    db.select().from(addresses).where(eq(addresses.profileId, row.id)).orderBy(addresses.createdAt),
    db.select().from(phones).where(eq(phones.profileId, row.id)).orderBy(phones.createdAt),
    db
      .select()
      .from(guardians)
      .where(eq(guardians.minorProfileId, row.id))
      .orderBy(guardians.createdAt),
    db
      .select()
      .from(guardians)
      .where(eq(guardians.guardianProfileId, row.id))
      .orderBy(guardians.createdAt),
  ]);
  // Each minor as this guardian sees it: their own decision (null until they decide), so a guardian
  // who answered is not sent back while other guardians of the same minor have not.
  const minorIds = [...new Set(minorRows.map((g) => g.minorProfileId))];
  const minorProfiles = minorIds.length
    ? await db
        .select({ id: profiles.id, person: profiles.person })
        .from(profiles)
        .where(inArray(profiles.id, minorIds))
    : [];
  const minors: NonNullable<Profile['minors']> = minorIds.map((id) => {
    const decided = minorRows.find((g) => g.minorProfileId === id)?.consent;
    const consent = decided === 'true' || decided === 'false' ? decided : null;
    // The guardian sees whom they decide for: the minor's name, nothing else of the profile.
    const person = minorProfiles.find((p) => p.id === id)?.person as Profile['person'] | null;
    return {
      id,
      ...(person?.firstName ? { firstName: person.firstName } : {}),
      ...(person?.lastName ? { lastName: person.lastName } : {}),
      consent,
    };
  });
  const person = row.person as Profile['person'] | null;
  const company = row.company as Profile['company'] | null;
  const name =
    row.profileType === 'COMPANY'
      ? company?.name
      : person
        ? [person.firstName, person.lastName].filter(Boolean).join(' ')
        : undefined;
  return {
    id: row.id,
    status: row.status as ProfileStatus,
    email: row.email,
    ...(name ? { name } : {}),
    profileType: row.profileType as Profile['profileType'],
    lockProfileType: row.lockProfileType,
    ...(person ? { person } : {}),
    ...(company ? { company } : {}),
    addresses: addressRows.map((a) => addressToEntity(a.id, a.addressType, a.fields)),
    phones: phoneRows.map((p) => ({
      id: p.id,
      number: p.number,
      phoneType: p.phoneType as 'CELL',
    })),
    preferredContact: row.preferredContact as Profile['preferredContact'],
    guardians: guardianRows.map((g) => ({
      id: g.id,
      firstName: g.firstName,
      lastName: g.lastName,
      email: g.email,
      relationship: g.relationship,
      consent: consentValue(g.consent),
    })) as Profile['guardians'],
    minors,
    ...(row.clientUserId ? { clientUserId: row.clientUserId } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    isMinor: row.status === 'GUARDIAN_CONSENT_PENDING' || guardianRows.length > 0 || row.isMinor,
  };
}

export async function deletePhone(
  db: Database,
  profileId: string,
  phoneId: string,
): Promise<boolean> {
  const deleted = await db
    .delete(phones)
    .where(and(eq(phones.id, phoneId), eq(phones.profileId, profileId)))
    .returning({ id: phones.id });
  return deleted.length > 0;
}
