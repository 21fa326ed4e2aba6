// The profile as the generated forms see it, and back: the profile's address entity names its
// fields the same for every country (city, state, postalCode), the address form by country
// (US: city, state, zipCode; elsewhere: locality, province, postalCode).
import type { Address } from '../../../../core/types/entities/address';
import type { Profile } from '../../../../core/types/entities/profile';
import type { FormData } from '../../../components/schema-form';
import { SEALED_FIELDS as SEALED_BY_KIND } from '../../../../core/profile/sealed-fields';

export type Kind = 'PERSON' | 'COMPANY';

export const defined = (record: object | undefined): FormData =>
  Object.fromEntries(
    Object.entries(record ?? {}).filter(([, value]) => value !== undefined && value !== null),
  ) as FormData;

/** Identity numbers the server keeps sealed and returns masked ("•••• 1120"). */
export const SEALED_FIELDS: Record<Kind, readonly string[]> = {
  PERSON: SEALED_BY_KIND.person,
  COMPANY: SEALED_BY_KIND.company,
};

const isMasked = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith('••••');

/**
 * The person or company form's data from the profile. Masked identity numbers are left out: the
 * form asks for them again, and a field left empty keeps the stored number.
 */
export const detailsOf = (profile: Profile, kind: Kind): FormData => {
  // The person's "preferred language" is the stored language (the header menu's too).
  const language = profile.preferredLanguage
    ? { preferredLanguage: profile.preferredLanguage }
    : {};
  const data =
    kind === 'COMPANY' ? defined(profile.company) : { ...language, ...defined(profile.person) };
  return Object.fromEntries(
    Object.entries(data).filter(
      ([field, value]) => !(SEALED_FIELDS[kind].includes(field) && isMasked(value)),
    ),
  ) as FormData;
};

/** The stored (masked) identity numbers of the profile, by field. */
export function storedNumbers(profile: Profile, kind: Kind): Record<string, string> {
  const data = defined(kind === 'COMPANY' ? profile.company : profile.person);
  return Object.fromEntries(
    SEALED_FIELDS[kind].flatMap((field) => (isMasked(data[field]) ? [[field, data[field]]] : [])),
  ) as Record<string, string>;
}

/** The address form's data from the profile's first address. */
export function addressFormOf(address: Address | undefined): FormData {
  if (!address) return {};
  const { id: _id, addressType: _type, name: _name, city, state, postalCode, ...rest } = address;
  const us = address.countryCode === 'US';
  return defined({
    ...rest,
    ...(us
      ? { city, state, zipCode: postalCode }
      : { locality: city, province: state, postalCode }),
  });
}
