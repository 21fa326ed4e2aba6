// The side panel's contact block (spec section 2): a person in three groups (name; email and
// phones; address), a company in three groups (company name; email and phones; address), any
// other profile as its email alone.
import type { Address } from '../../../core/types/entities/address';
import type { Profile } from '../../../core/types/entities/profile';
import { formatAddress } from '../../../core/i18n/postal-address';

export type ContactGroups = string[][];

/** The profile's address as an envelope writes it, in its country's postal order. */
export const addressLines = (address: Address | undefined, locale: string): string[] =>
  formatAddress(address, locale);

const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ');

export function contactGroups(
  profile: Profile,
  locale: string,
  formatPhone: (e164: string) => string = (n) => n,
): ContactGroups {
  const reach = [profile.email, ...(profile.phones ?? []).map((p) => formatPhone(p.number))].filter(
    Boolean,
  );
  const address = addressLines(profile.addresses?.[0], locale);
  if (profile.profileType === 'PERSON' && profile.person) {
    const { firstName, middleName, lastName } = profile.person;
    return [[join(firstName, middleName, lastName)], reach, address].filter((g) => g.length);
  }
  if (profile.profileType === 'COMPANY' && profile.company) {
    return [[profile.company.name], reach, address].filter((g) => g.length);
  }
  return [[profile.email]];
}
