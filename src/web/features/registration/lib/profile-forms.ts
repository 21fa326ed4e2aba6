// The profile as the generated forms see it, and back: the profile's address entity names its
// fields the same for every country (city, state, postalCode), the address form by country
// (US: city, state, zipCode; elsewhere: locality, province, postalCode).
import type { Address } from '../../../../core/types/entities/address';
import type { Profile } from '../../../../core/types/entities/profile';
import type { FormData } from '../../../components/schema-form';

export type Kind = 'PERSON' | 'COMPANY';

const defined = (record: object | undefined): FormData =>
  Object.fromEntries(
    Object.entries(record ?? {}).filter(([, value]) => value !== undefined && value !== null),
  ) as FormData;

/** The person or company form's data from the profile. */
export const detailsOf = (profile: Profile, kind: Kind): FormData =>
  kind === 'COMPANY' ? defined(profile.company) : defined(profile.person);

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
