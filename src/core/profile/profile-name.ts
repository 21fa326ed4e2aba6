// The name /settings shows for a profile: the company's, else the person's full name (middle name
// too), else the name the profile was invited with. The portal's profile card and the page the
// server paints before it (server/services/profile-card-frame.ts) both show it.
import type { Profile } from '../types/entities/profile';

export function profileName(profile: Profile): string {
  if (profile.profileType === 'COMPANY' && profile.company?.name) return profile.company.name;
  const person = profile.person;
  const name = [person?.firstName, person?.middleName, person?.lastName].filter(Boolean).join(' ');
  return name || profile.name || '';
}
