// The name on the profile button (header), apart from the drawer's contact lines so that the
// header does not load the postal-address formatting every page would then carry.
import type { Profile } from '../../../core/types/entities/profile';

const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ');

/** The person's or company's name, else nothing (a silhouette). */
export function displayName(profile: Profile | undefined): string | undefined {
  if (!profile) return undefined;
  if (profile.profileType === 'PERSON' && profile.person)
    return join(profile.person.firstName, profile.person.lastName);
  if (profile.profileType === 'COMPANY' && profile.company) return profile.company.name;
  return profile.name;
}
