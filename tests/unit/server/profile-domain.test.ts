// The profile domain module without HTTP (issue 30): the user is set up through the API as in life
// (or registered through the registration domain), then domain/profile.ts is called directly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileDomain, type ProfileDomain } from '../../../src/server/domain/profile';
import {
  registrationDomain,
  type RegistrationDomain,
} from '../../../src/server/domain/registration';
import {
  activatedUser,
  createClaim,
  latestOtp,
  PASSWORD,
  startTestApp,
  uniqueEmail,
  type TestApp,
} from '../../api/support/harness';
import { DATABASE_KINDS } from '../../api/support/databases';
import { PERSON } from '../../fixtures/people';

const HOST = 'localhost';
const options = { host: HOST };

/** A date of birth `years` years ago today (UTC). */
const bornYearsAgo = (years: number): string => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
};

describe.each(DATABASE_KINDS)('domain/profile on %s', (kind) => {
  let t: TestApp;
  let profiles: ProfileDomain;
  let registration: RegistrationDomain;
  beforeAll(async () => {
    t = await startTestApp(kind);
    profiles = profileDomain(t.app.deps);
    registration = registrationDomain(t.app.deps);
  });
  afterAll(async () => t?.close());

  /** Registered for a claim and verified with the mailed code: VERIFIED. */
  async function verifiedProfile(): Promise<string> {
    const email = uniqueEmail('profile');
    const created = await createClaim(t.app, email);
    const { id } = await registration.registerForClaim(
      { data: { email, termsAccepted: true }, password: PASSWORD, claimId: created.claim.id },
      HOST,
    );
    await registration.sendVerificationCode(id, undefined, HOST);
    expect(await registration.verifyAccount(id, await latestOtp(t.app, email))).toBe('VERIFIED');
    return id;
  }

  it('sends an activated profile back to VERIFIED when its identity changes', async () => {
    const user = await activatedUser(t.app);
    expect((await profiles.read(user.profileId)).status).toBe('ACTIVATED');
    const updated = await profiles.update(
      user.profileId,
      { profileType: 'PERSON', person: { ...PERSON, lastName: 'Lima Souza' } },
      options,
    );
    expect(updated.status).toBe('VERIFIED');
    expect(updated.person?.lastName).toBe('Lima Souza');
    // The SSN left as stored is kept sealed and shown masked.
    expect(updated.person?.ssn).toBe('•••• 6789');
  });

  it('keeps an activated profile when nothing of its identity changes', async () => {
    const user = await activatedUser(t.app);
    const updated = await profiles.update(
      user.profileId,
      {
        person: { ...PERSON, ssn: '' },
        preferredLanguage: 'fr',
        phones: [{ number: '+14155550123', phoneType: 'CELL' }],
      },
      options,
    );
    expect(updated.status).toBe('ACTIVATED');
    expect(updated.preferredLanguage).toBe('fr');
    expect(updated.phones).toHaveLength(1);
    const [phone] = updated.phones ?? [];
    await profiles.removePhone(user.profileId, phone?.id ?? '');
    expect((await profiles.read(user.profileId)).phones).toEqual([]);
    await expect(profiles.removePhone(user.profileId, phone?.id ?? '')).rejects.toThrow(
      /^PhoneNotFound/,
    );
  });

  it('makes a minor of a date of birth under 18, and keeps them one', async () => {
    const profileId = await verifiedProfile();
    const minor = { ...PERSON, dob: bornYearsAgo(16) };
    const updated = await profiles.update(profileId, { person: minor }, options);
    expect(updated.isMinor).toBe(true);
    expect(updated.status).toBe('VERIFIED');
    // Coming of age by editing the date of birth takes support.
    await expect(
      profiles.update(profileId, { person: { ...minor, dob: bornYearsAgo(30) } }, options),
    ).rejects.toThrow(/^DateOfBirthLocked/);
  });

  it('refuses invalid fields with their paths, changing nothing', async () => {
    const profileId = await verifiedProfile();
    await expect(
      profiles.update(profileId, { phones: [{ number: '555', phoneType: 'CELL' }] }, options),
    ).rejects.toMatchObject({ statusCode: 400 });
    expect((await profiles.read(profileId)).phones).toEqual([]);
  });
});
