// Rules that keep what identity proofing verified true:
// - SSN, TIN and government id are sealed (AES-GCM, bound to the profile's row) and only a masked
//   form ("•••• 6789") is kept in the profile and returned; the edit form asks for them again, and a
//   field left empty keeps the sealed value;
// - changing an identity field (names, date of birth, SSN/TIN/government id, residency; company
//   name, TIN, residency) after the profile was ACTIVATED sends it back to VERIFIED: the portal runs
//   identity proofing again before claims can be accepted or payout methods changed. We re-proof
//   rather than refuse, so a recipient who married or mistyped can correct it without support;
// - `isMinor` is the server's reading of the date of birth of record, never the client's; a profile
//   recorded as a minor cannot become an adult by editing the date of birth (it takes support).
import type { AppDeps } from '../context';
import { ApiError, badRequest, conflict, notFound, type ApiFieldError } from '../errors';
import type { Sealer } from '../services/encryption';
import {
  addPhones,
  deletePhone,
  getProfile,
  readProfileDto,
  replaceAddresses,
  setPreferredLanguage,
  setStatus,
  updateProfileRow,
} from '../repositories/profiles';
import { DEFAULT_MINIMUM_AGE } from '../../core/schemas/compose';
import { isLocale, type Locale } from '../../core/i18n/messages';
import type { FormValidator } from '../../core/validation/form-validator';
import type { Profile } from '../../core/types/entities/profile';
import { assertTransition } from './profile-lifecycle';
import { assertMay } from './status-policy';

import {
  IDENTITY_FIELDS,
  SEALED_FIELDS,
  identityChanged,
  type ProfileKind,
} from '../../core/profile/identity-fields';

// The identity fields live in core: the portal compares them too, to ask before a re-proofing.
export { IDENTITY_FIELDS, SEALED_FIELDS, identityChanged, type ProfileKind };
type Record_ = Record<string, unknown>;

export type SealedIdentity = Partial<Record<ProfileKind, Record<string, string>>>;

export const identityBinding = (profileId: string): string => `profiles:${profileId}`;

const MASK = '•••• ';

/** "078-05-1120" → "•••• 1120": the last four characters at most stay readable. */
export function maskIdentityNumber(value: string): string {
  const compact = value.replace(/[\s-]/g, '');
  return compact.length <= 4 ? '••••' : `${MASK}${compact.slice(-4)}`;
}

const isMasked = (value: unknown): boolean =>
  typeof value === 'string' && (value.startsWith(MASK) || value === '••••');

export function openIdentity(
  sealer: Sealer,
  profileId: string,
  sealed: string | null,
): SealedIdentity {
  if (!sealed) return {};
  return JSON.parse(sealer.open(sealed, identityBinding(profileId))) as SealedIdentity;
}

/**
 * The record the user sent, completed with the stored numbers they did not retype (an empty or a
 * masked field keeps the stored value): what is validated and what proofing reads. Only the
 * numbers the residency's rule asks for (`asked`) are kept: a stored US SSN is dropped when the
 * person moves to France, rather than refusing a field the form no longer shows.
 */
export function withStoredNumbers(
  kind: ProfileKind,
  input: Record_,
  stored: SealedIdentity,
  asked: readonly string[] = SEALED_FIELDS[kind],
): Record_ {
  const numbers = Object.fromEntries(
    Object.entries(stored[kind] ?? {}).filter(([field]) => asked.includes(field)),
  );
  return Object.fromEntries(
    Object.entries({
      ...input,
      ...Object.fromEntries(SEALED_FIELDS[kind].map((f) => [f, input[f]])),
    })
      .map(([field, value]): [string, unknown] => {
        const keep =
          SEALED_FIELDS[kind].includes(field) &&
          (value === undefined || value === '' || isMasked(value));
        return [field, keep ? numbers[field] : value];
      })
      .filter(([, value]) => value !== undefined),
  );
}

/** Splits a complete record into what is stored in clear (numbers masked) and what is sealed. */
export function splitNumbers(
  kind: ProfileKind,
  record: Record_,
): { visible: Record_; numbers: Record<string, string> } {
  const numbers: Record<string, string> = {};
  const visible = Object.fromEntries(
    Object.entries(record).flatMap(([field, value]): [string, unknown][] => {
      if (!SEALED_FIELDS[kind].includes(field)) return [[field, value]];
      if (typeof value !== 'string' || value === '') return [];
      numbers[field] = value;
      return [[field, maskIdentityNumber(value)]];
    }),
  );
  return { visible, numbers };
}

/** Age in whole years on `today` of someone born on `dob` (YYYY-MM-DD). */
export function ageOn(dob: string, today = new Date()): number {
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const month = today.getUTCMonth() + 1;
  if (month < m || (month === m && today.getUTCDate() < d)) age--;
  return age;
}

export const isMinorBy = (dob: unknown, minimumAge: number, today = new Date()): boolean =>
  typeof dob === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(dob) && ageOn(dob, today) < minimumAge;

/**
 * A profile recorded as a minor keeps the guardian rule until the date of birth of record says they
 * came of age: a new date of birth that would make them an adult today is refused.
 */
export function assertMinorKeepsDateOfBirth(
  recordedMinor: boolean,
  recordedDob: unknown,
  newDob: unknown,
  minimumAge: number,
): void {
  if (!recordedMinor || newDob === recordedDob) return;
  if (isMinorBy(recordedDob, minimumAge) && !isMinorBy(newDob, minimumAge))
    throw conflict(
      'DateOfBirthLocked: the date of birth of a minor cannot be changed here; contact support to correct it',
    );
}

// C0 and C1 control characters (tab, newline and carriage return aside) and the NUL byte, which
// PostgreSQL refuses in text and JSON: refused as bad input rather than failing in the database.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** The path of every string in `value` that holds a control character. */
export function controlCharacterPaths(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return CONTROL.test(value) ? [path || '/'] : [];
  if (Array.isArray(value))
    return value.flatMap((v, i) => controlCharacterPaths(v, `${path}/${i}`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => [
      ...(CONTROL.test(k) ? [`${path}/${k.replace(CONTROL, '?')}`] : []),
      ...controlCharacterPaths(v, `${path}/${k}`),
    ]);
  return [];
}

/** Refuses a body with control characters, naming each field. */
export function assertNoControlCharacters(body: unknown): void {
  const paths = controlCharacterPaths(body);
  if (!paths.length) return;
  const errors: ApiFieldError[] = paths.map((path) => ({
    path,
    keyword: 'pattern',
    messageKey: 'controlCharacters',
    params: {},
    message: 'This field contains characters that are not allowed.',
  }));
  throw badRequest('ValidationError: a field contains characters that are not allowed', errors);
}

export const identityError = (message: string) => new ApiError(400, message);

export type ProfileDeps = Pick<AppDeps, 'db' | 'forms' | 'merchants' | 'sealer'>;

/** What PATCH /me changes; what is left out stays as it is. */
export interface ProfileChanges {
  profileType?: string;
  person?: Record_;
  company?: Record_;
  /** The whole set: the form always sends all of them. */
  addresses?: Record_[];
  /** Those without an id are added; existing ones are removed one by one (`removePhone`). */
  phones?: Record_[];
  preferredContact?: string;
  preferredLanguage?: string;
}

const COMPANY_DISABLED: ApiFieldError = {
  path: '/profileType',
  keyword: 'enum',
  messageKey: 'enum',
  params: {},
  message: 'Company profiles are not available.',
};

export function profileDomain(deps: ProfileDeps) {
  const { db, forms, merchants, sealer } = deps;

  return {
    read: (profileId: string): Promise<Profile> => readProfileDto(db, profileId),

    /** The person's language (PUT /me/language): the portal shows it and every mail speaks it. */
    async setLanguage(profileId: string, language: Locale): Promise<Locale> {
      if (!(await setPreferredLanguage(db, profileId, language)))
        throw notFound('ProfileMissing: Profile is missing');
      return language;
    },

    /**
     * Edits the profile, validated with the composed forms of the residency (`validator`: the
     * rules the form was opened under, during their grace period). The date of birth decides
     * whether the person is a minor; an identity change after activation sends the profile back
     * to VERIFIED. `host` names the merchant only for a profile whose merchant is gone.
     */
    async update(
      profileId: string,
      input: ProfileChanges,
      options: { host: string; validator?: FormValidator | null },
    ): Promise<Profile> {
      const row = await getProfile(db, profileId);
      assertMay(row.status, 'editProfile');
      const merchant = merchants.byId(row.merchantId) ?? merchants.forHost(options.host);
      const rules = merchant.configuration.businessRules;
      const profileType = input.profileType ?? row.profileType;
      if (profileType === 'COMPANY' && !rules.companyProfileEnabled)
        throw badRequest('CompanyProfileDisabled: company profiles are not available here', [
          COMPANY_DISABLED,
        ]);
      if (row.lockProfileType && row.profileType !== 'UNDEFINED' && profileType !== row.profileType)
        throw conflict('ProfileTypeLocked: the profile type cannot be changed');
      const errors: ApiFieldError[] = [];
      const validator = options.validator ?? forms.validator;
      const minimumAge = rules.minimumAge ?? DEFAULT_MINIMUM_AGE;
      // Identity numbers the user did not retype keep their sealed value.
      const stored = openIdentity(sealer, row.id, row.identitySealed);
      // Which identity numbers a person is asked for follows the residency (country-rules identity).
      const asked = input.person
        ? Object.keys(
            validator.compose('profile-person', {
              country:
                typeof input.person.residency === 'string' ? input.person.residency : undefined,
            }).schema.properties ?? {},
          )
        : [];
      const person = input.person
        ? withStoredNumbers('person', input.person, stored, asked)
        : undefined;
      const company = input.company
        ? withStoredNumbers('company', input.company, stored)
        : undefined;
      let isMinor = row.isMinor;
      if (person) {
        const personErrors = forms.check(
          'profile-person',
          person,
          { minimumAge },
          '/person',
          validator,
        );
        // Being under the minimum age is not an error: the profile becomes a minor's (guardian consent).
        errors.push(...personErrors.filter((e) => e.keyword !== 'minimumAge'));
        assertMinorKeepsDateOfBirth(row.isMinor, row.person?.dob, person.dob, minimumAge);
        // Decided here from the date of birth, whatever the client says.
        isMinor = isMinorBy(person.dob, minimumAge);
      }
      if (company)
        errors.push(...forms.check('profile-company', company, {}, '/company', validator));
      (input.addresses ?? []).forEach((address, i) => {
        const { addressType: _type, id: _id, ...fields } = address;
        errors.push(...forms.check('address', fields, {}, `/addresses/${i}`, validator));
      });
      (input.phones ?? []).forEach((phone, i) => {
        const { id: _id, ...fields } = phone;
        errors.push(...forms.check('phone', fields, {}, `/phones/${i}`, validator));
      });
      if (errors.length) throw badRequest(`ValidationError: ${errors[0]?.message}`, errors);
      const preferredLanguage = [input.preferredLanguage, person?.preferredLanguage].find(isLocale);

      // What proofing verified: the stored record with its sealed numbers.
      const proofed = (kind: ProfileKind): Record_ => ({
        ...((kind === 'person' ? row.person : row.company) ?? {}),
        ...(stored[kind] ?? {}),
      });
      const reproof =
        row.status === 'ACTIVATED' &&
        (profileType !== row.profileType ||
          (person !== undefined && identityChanged('person', proofed('person'), person)) ||
          (company !== undefined && identityChanged('company', proofed('company'), company)));
      const personParts = person ? splitNumbers('person', person) : undefined;
      const companyParts = company ? splitNumbers('company', company) : undefined;
      const sealedIdentity: SealedIdentity = {
        ...stored,
        ...(personParts ? { person: personParts.numbers } : {}),
        ...(companyParts ? { company: companyParts.numbers } : {}),
      };

      await db.transaction(async (tx) => {
        if (reproof) {
          // Identity changed after proofing: proofed again before money moves.
          assertTransition('ACTIVATED', 'VERIFIED');
          await setStatus(tx, profileId, 'VERIFIED');
        }
        await updateProfileRow(tx, profileId, {
          profileType,
          ...(personParts ? { person: personParts.visible, isMinor } : {}),
          ...(companyParts ? { company: companyParts.visible } : {}),
          ...(personParts || companyParts
            ? {
                identitySealed: sealer.seal(
                  JSON.stringify(sealedIdentity),
                  identityBinding(profileId),
                ),
              }
            : {}),
          ...(input.preferredContact ? { preferredContact: input.preferredContact } : {}),
          // One stored language: the person form's field is the same value as the menu's.
          ...(preferredLanguage ? { preferredLanguage } : {}),
          lockProfileType: row.lockProfileType || rules.lockProfileType,
        });
        if (input.addresses)
          await replaceAddresses(
            tx,
            profileId,
            input.addresses.map(({ addressType, id: _id, ...fields }) => ({
              addressType: String(addressType ?? 'RESIDENTIAL'),
              fields: fields as Record<string, string>,
            })),
          );
        await addPhones(
          tx,
          profileId,
          (input.phones ?? [])
            .filter((phone) => !phone.id)
            .map((phone) => ({ number: String(phone.number), phoneType: String(phone.phoneType) })),
        );
      });
      return readProfileDto(db, profileId);
    },

    /** A phone is part of the profile: removed only where the profile may be edited. */
    async removePhone(profileId: string, phoneId: string): Promise<void> {
      assertMay((await getProfile(db, profileId)).status, 'editProfile');
      if (!(await deletePhone(db, profileId, phoneId)))
        throw notFound('PhoneNotFound: no such phone');
    },
  };
}
export type ProfileDomain = ReturnType<typeof profileDomain>;
