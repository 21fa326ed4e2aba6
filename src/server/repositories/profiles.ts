// Reads and writes profiles with their addresses, phones and guardians, and shapes them as the
// Profile entity of the API.
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { preparedPerHandle } from '../db/prepared';
import { addresses, guardians, phones, profiles } from '../db/schema';
import type { Address } from '../../core/types/entities/address';
import type { Profile } from '../../core/types/entities/profile';
import type { ProfileStatus } from '../../core/types/entities/profile-status';
import { notFound } from '../errors';
import { isLocale } from '../../core/i18n/messages';

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

export type NewProfile = typeof profiles.$inferInsert;

export async function insertProfile(db: Database, values: NewProfile): Promise<ProfileRow> {
  const [row] = await db.insert(profiles).values(values).returning();
  if (!row) throw new Error('profile insert returned nothing');
  return row;
}

/** The merchant of the minor a guardian invitation is for. */
export async function merchantIdOfGuardianInvitation(
  db: Database,
  guardianId: string,
): Promise<string | undefined> {
  const [minor] = await db
    .select({ merchantId: profiles.merchantId })
    .from(guardians)
    .innerJoin(profiles, eq(profiles.id, guardians.minorProfileId))
    .where(eq(guardians.id, guardianId));
  return minor?.merchantId;
}

/** The guardian invitations sent to this email that no account answers yet become this profile's. */
export async function linkGuardianInvitations(
  db: Database,
  email: string,
  profileId: string,
): Promise<void> {
  await db
    .update(guardians)
    .set({ guardianProfileId: profileId })
    .where(
      and(
        sql`lower(${guardians.email}) = ${email.toLowerCase()}`,
        isNull(guardians.guardianProfileId),
      ),
    );
}

export async function updateProfileRow(
  db: Database,
  id: string,
  values: Partial<NewProfile>,
): Promise<void> {
  await db
    .update(profiles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(profiles.id, id));
}

/** Stores the person's language; false when there is no such profile. */
export async function setPreferredLanguage(
  db: Database,
  id: string,
  language: string,
): Promise<boolean> {
  const [row] = await db
    .update(profiles)
    .set({ preferredLanguage: language, updatedAt: new Date() })
    .where(eq(profiles.id, id))
    .returning({ id: profiles.id });
  return Boolean(row);
}

/** Whether the profile has an address (where a paper check is mailed; what proofing needs). */
export const hasAddress = async (db: Database, profileId: string): Promise<boolean> =>
  (
    await db
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.profileId, profileId))
      .limit(1)
  ).length > 0;

/** A profile's addresses replaced as a set, in the order given. */
export async function replaceAddresses(
  db: Database,
  profileId: string,
  list: readonly { addressType: string; fields: Record<string, string> }[],
): Promise<void> {
  await db.delete(addresses).where(eq(addresses.profileId, profileId));
  for (const address of list) await db.insert(addresses).values({ profileId, ...address });
}

export async function addPhones(
  db: Database,
  profileId: string,
  list: readonly { number: string; phoneType: string }[],
): Promise<void> {
  for (const phone of list) await db.insert(phones).values({ profileId, ...phone });
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

/** A profile's status with the one an unblock returns to (operators' lock, deactivation, unblock). */
export const setStatusAndBeforeBlock = (
  db: Database,
  id: string,
  change: { status: ProfileStatus; statusBeforeBlock: ProfileStatus | null },
): Promise<void> => updateProfileRow(db, id, change);

/** The status a blocked profile returns to when unblocked. */
export const setStatusBeforeBlock = (
  db: Database,
  id: string,
  statusBeforeBlock: ProfileStatus,
): Promise<void> => updateProfileRow(db, id, { statusBeforeBlock });

/** The fields of the profile's first address, if it has one. */
export async function firstAddressFields(
  db: Database,
  profileId: string,
): Promise<Record<string, string> | undefined> {
  const [first] = await db
    .select({ fields: addresses.fields })
    .from(addresses)
    .where(eq(addresses.profileId, profileId))
    .orderBy(asc(addresses.createdAt))
    .limit(1);
  return first?.fields;
}

/** Deletes a profile; addresses, phones, payout methods, codes, sessions, documents cascade. */
export async function deleteProfile(tx: Database, id: string): Promise<void> {
  await tx.delete(profiles).where(eq(profiles.id, id));
}

const consentValue = (c: string | null): 'true' | 'false' | null =>
  c === 'true' || c === 'false' ? c : null;

interface AddressJson {
  id: string;
  addressType: string;
  fields: Record<string, string>;
}
interface PhoneJson {
  id: string;
  number: string;
  phoneType: string;
}
interface GuardianJson {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  relationship: string;
  consent: string | null;
}
interface MinorJson {
  minorId: string;
  consent: string | null;
  firstName: string | null;
  lastName: string | null;
}

/** What a profile's DTO needs besides its own row, each list in the order it was added. */
interface ProfileRelations {
  addresses: AddressJson[];
  phones: PhoneJson[];
  guardians: GuardianJson[];
  minors: MinorJson[];
}

const MINOR = 'minor';
const minor = alias(profiles, MINOR);
/**
 * JSON arrays built by the database, so the profile and its lists come back in one round trip.
 * The subquery stays a fragment of its own, so drizzle keeps its columns table-qualified.
 */
const jsonList = <T>(query: SQL) => sql<T[]>`coalesce((${query}), '[]'::json)`;
const relationColumns = {
  addresses: jsonList<AddressJson>(sql`
    select json_agg(json_build_object('id', ${addresses.id}, 'addressType', ${addresses.addressType},
      'fields', ${addresses.fields}) order by ${addresses.createdAt})
    from ${addresses} where ${addresses.profileId} = ${profiles.id}`),
  phones: jsonList<PhoneJson>(sql`
    select json_agg(json_build_object('id', ${phones.id}, 'number', ${phones.number},
      'phoneType', ${phones.phoneType}) order by ${phones.createdAt})
    from ${phones} where ${phones.profileId} = ${profiles.id}`),
  guardians: jsonList<GuardianJson>(sql`
    select json_agg(json_build_object('id', ${guardians.id}, 'firstName', ${guardians.firstName},
      'lastName', ${guardians.lastName}, 'email', ${guardians.email},
      'relationship', ${guardians.relationship}, 'consent', ${guardians.consent})
      order by ${guardians.createdAt})
    from ${guardians} where ${guardians.minorProfileId} = ${profiles.id}
      and ${guardians.withdrawnAt} is null`),
  // Withdrawn invitations (replaced by the minor, domain/guardians.ts) show on neither side.
  // The guardian sees whom they decide for: the minor's name, nothing else of the profile.
  minors: jsonList<MinorJson>(sql`
    select json_agg(json_build_object('minorId', ${guardians.minorProfileId},
      'consent', ${guardians.consent}, 'firstName', ${minor.person} ->> 'firstName',
      'lastName', ${minor.person} ->> 'lastName') order by ${guardians.createdAt})
    from ${guardians} left join ${profiles} as ${sql.identifier(MINOR)} on ${minor.id} = ${guardians.minorProfileId}
    where ${guardians.guardianProfileId} = ${profiles.id} and ${guardians.withdrawnAt} is null`),
};

/**
 * The profile columns its DTO shows, with the merchant the session gate needs: never the password
 * hash, the sealed identity or the sign-in counters, which a read has no use for.
 */
const profileDtoFields = {
  id: profiles.id,
  email: profiles.email,
  status: profiles.status,
  merchantId: profiles.merchantId,
  profileType: profiles.profileType,
  lockProfileType: profiles.lockProfileType,
  preferredContact: profiles.preferredContact,
  preferredLanguage: profiles.preferredLanguage,
  person: profiles.person,
  company: profiles.company,
  isMinor: profiles.isMinor,
  clientUserId: profiles.clientUserId,
  createdAt: profiles.createdAt,
  updatedAt: profiles.updatedAt,
};
type ProfileDtoFields = Pick<ProfileRow, keyof typeof profileDtoFields>;

/**
 * The columns of one profile's DTO: those fields and its lists as JSON built by the database. Any
 * query that joins `profiles` can select them (the session read of GET /me does).
 */
export const profileDtoColumns = { profile: profileDtoFields, ...relationColumns };
/** A row of the columns above, as a driver hands it back. */
export interface ProfileDtoRow {
  profile: ProfileDtoFields;
  addresses: AddressJson[] | string;
  phones: PhoneJson[] | string;
  guardians: GuardianJson[] | string;
  minors: MinorJson[] | string;
}

const prepareProfileRead = (db: Database) =>
  db
    .select(profileDtoColumns)
    .from(profiles)
    .where(eq(profiles.id, sql.placeholder('id')))
    .prepare('profile_dto');
const profileRead = preparedPerHandle(prepareProfileRead);

/** Drivers hand json back parsed; this keeps a driver that does not from breaking the DTO. */
const parsed = <T>(value: T[] | string): T[] =>
  typeof value === 'string' ? (JSON.parse(value) as T[]) : value;

const relationsOf = (found: ProfileDtoRow): ProfileRelations => ({
  addresses: parsed(found.addresses),
  phones: parsed(found.phones),
  guardians: parsed(found.guardians),
  minors: parsed(found.minors),
});

/** The Profile entity of a row read with `profileDtoColumns`. */
export const profileDtoOf = (found: ProfileDtoRow): Profile =>
  shapeProfile(found.profile, relationsOf(found));

async function readRelations(
  db: Database,
  id: string,
): Promise<{ row: ProfileDtoFields; relations: ProfileRelations } | undefined> {
  const [found] = await profileRead(db).execute({ id });
  if (!found) return undefined;
  return { row: found.profile, relations: relationsOf(found) };
}

/** The Profile entity of a row just read or written (its lists are read in one query). */
export async function toProfileDto(db: Database, row: ProfileRow): Promise<Profile> {
  const read = await readRelations(db, row.id);
  if (!read) throw notFound('ProfileMissing: Profile is missing');
  return shapeProfile(row, read.relations);
}

/** The Profile entity by id, row and lists in one query (GET /me). */
export async function readProfileDto(db: Database, id: string): Promise<Profile> {
  const read = await readRelations(db, id);
  if (!read) throw notFound('ProfileMissing: Profile is missing');
  return shapeProfile(read.row, read.relations);
}

function shapeProfile(row: ProfileDtoFields, relations: ProfileRelations): Profile {
  // Each minor as this guardian sees it: their own decision (null until they decide), so a guardian
  // who answered is not sent back while other guardians of the same minor have not.
  const minors: NonNullable<Profile['minors']> = [];
  const seen = new Set<string>();
  for (const m of relations.minors) {
    if (seen.has(m.minorId)) continue;
    seen.add(m.minorId);
    minors.push({
      id: m.minorId,
      ...(m.firstName ? { firstName: m.firstName } : {}),
      ...(m.lastName ? { lastName: m.lastName } : {}),
      consent: consentValue(m.consent),
    });
  }
  // The one stored language (profiles.preferred_language, what the mails read) is also the
  // person form's "preferred language", so the form shows what the menu chose and the other way.
  const language = isLocale(row.preferredLanguage) ? row.preferredLanguage : undefined;
  const storedPerson = row.person as Profile['person'] | null;
  const person =
    storedPerson && language ? { ...storedPerson, preferredLanguage: language } : storedPerson;
  const company = row.company as Profile['company'] | null;
  const name =
    row.profileType === 'COMPANY'
      ? company?.name
      : person
        ? [person.firstName, person.lastName].filter(Boolean).join(' ')
        : undefined;
  return {
    id: row.id,
    status: row.status,
    email: row.email,
    ...(name ? { name } : {}),
    profileType: row.profileType as Profile['profileType'],
    lockProfileType: row.lockProfileType,
    ...(person ? { person } : {}),
    ...(company ? { company } : {}),
    addresses: relations.addresses.map((a) => addressToEntity(a.id, a.addressType, a.fields)),
    phones: relations.phones.map((p) => ({
      id: p.id,
      number: p.number,
      phoneType: p.phoneType as 'CELL',
    })),
    preferredContact: row.preferredContact as Profile['preferredContact'],
    ...(language ? { preferredLanguage: language } : {}),
    guardians: relations.guardians.map((g) => ({
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
    isMinor:
      row.status === 'GUARDIAN_CONSENT_PENDING' || relations.guardians.length > 0 || row.isMinor,
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
