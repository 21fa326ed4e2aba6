// The name on the profile button (header), apart from the drawer's contact lines so that the
// header does not load the postal-address formatting every page would then carry; and the
// initials its avatar (components/user-icon.tsx) shows.
import type { Profile } from '../../core/types/entities/profile';

const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ');

/** The person's or company's name, else nothing (a silhouette). */
export function displayName(profile: Profile | undefined): string | undefined {
  if (!profile) return undefined;
  if (profile.profileType === 'PERSON' && profile.person)
    return join(profile.person.firstName, profile.person.lastName);
  if (profile.profileType === 'COMPANY' && profile.company) return profile.company.name;
  return profile.name;
}

/** The first letters of the first and last name parts, upper case; '' when no name is known. */
export function initialsOf(name: string | undefined | null): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '';
  const first = parts[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1] ?? '') : '';
  return (Array.from(first)[0] ?? '').concat(Array.from(last)[0] ?? '').toLocaleUpperCase();
}
