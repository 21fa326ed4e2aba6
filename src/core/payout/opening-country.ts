// The country a new bank account opens on: the bank-account page starts its form there, and the
// server announces that country's form files with the page (services/portal-page.ts).
import type { Profile } from '../types/entities/profile';

/** The holder's residency where the merchant pays to, else the merchant's first country. */
export function openingCountry(
  countries: readonly string[] | undefined,
  profile: Profile | undefined,
): string {
  const residency = profile?.person?.residency ?? profile?.company?.residency;
  return residency && countries?.includes(residency) ? residency : (countries?.[0] ?? 'US');
}
