// The registration domain module without HTTP (issue 30): claims are created through the admin API
// as in life, then domain/registration.ts is called directly, the way its routes do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  registrationDomain,
  type RegistrationDomain,
} from '../../../src/server/domain/registration';
import { claimsDomain, type ClaimsDomain } from '../../../src/server/domain/claims';
import {
  createClaim,
  latestOtp,
  PASSWORD,
  startTestApp,
  uniqueEmail,
  type TestApp,
} from '../../api/support/harness';
import { DATABASE_KINDS } from '../../api/support/databases';

const HOST = 'localhost';

describe.each(DATABASE_KINDS)('domain/registration on %s', (kind) => {
  let t: TestApp;
  let registration: RegistrationDomain;
  let claims: ClaimsDomain;
  beforeAll(async () => {
    t = await startTestApp(kind);
    registration = registrationDomain(t.app.deps);
    claims = claimsDomain(t.app.deps);
  });
  afterAll(async () => t?.close());

  const claimIdsOf = async (profileId: string) =>
    (await claims.list(profileId)).map((c) => c.id).sort();

  it('attaches every claim sent to the email exactly once, and no one else’s', async () => {
    const email = uniqueEmail('reg');
    const first = await createClaim(t.app, email);
    const second = await createClaim(t.app, email.toUpperCase());
    const someoneElses = await createClaim(t.app, uniqueEmail('other'));
    const profile = await registration.registerForClaim(
      { data: { email, termsAccepted: true }, password: PASSWORD, claimId: first.claim.id },
      HOST,
    );
    expect(profile.status).toBe('CREATED');
    expect(profile.email).toBe(email);
    expect(await claimIdsOf(profile.id)).toEqual([first.claim.id, second.claim.id].sort());
    // The other person's claim stays theirs to register for.
    expect((await claims.list(profile.id)).map((c) => c.id)).not.toContain(someoneElses.claim.id);
  });

  it('attaches the claims of an invitation link the same way', async () => {
    const email = uniqueEmail('invited');
    const first = await createClaim(t.app, email);
    const second = await createClaim(t.app, email);
    const profile = await registration.registerByInvitation(
      { tokenId: first.tokenId, password: PASSWORD },
      HOST,
    );
    expect(await claimIdsOf(profile.id)).toEqual([first.claim.id, second.claim.id].sort());
    // The link is spent.
    await expect(
      registration.registerByInvitation({ tokenId: first.tokenId, password: PASSWORD }, HOST),
    ).rejects.toThrow(/^AlreadyExists: this invitation was already used/);
  });

  it('refuses a second account for the same email, whatever its case', async () => {
    const email = uniqueEmail('dup');
    const first = await createClaim(t.app, email);
    const second = await createClaim(t.app, email);
    const profile = await registration.registerForClaim(
      { data: { email, termsAccepted: true }, password: PASSWORD, claimId: first.claim.id },
      HOST,
    );
    await expect(
      registration.registerForClaim(
        {
          data: { email: email.toUpperCase(), termsAccepted: true },
          password: PASSWORD,
          claimId: second.claim.id,
        },
        HOST,
      ),
    ).rejects.toThrow(/^AlreadyExists: an account with this email already exists/);
    await expect(
      registration.registerByInvitation({ tokenId: second.tokenId, password: PASSWORD }, HOST),
    ).rejects.toThrow(/^AlreadyExists: an account with this email already exists/);
    // Nothing moved: the first account keeps both claims.
    expect(await claimIdsOf(profile.id)).toEqual([first.claim.id, second.claim.id].sort());
  });

  it('refuses an email other than the one the claim was sent to', async () => {
    const created = await createClaim(t.app, uniqueEmail('invited'));
    await expect(
      registration.registerForClaim(
        {
          data: { email: uniqueEmail('someone'), termsAccepted: true },
          password: PASSWORD,
          claimId: created.claim.id,
        },
        HOST,
      ),
    ).rejects.toThrow(/^ValidationError: Use the email address the invitation was sent to/);
    await expect(
      registration.registerForClaim({ data: { termsAccepted: true }, password: PASSWORD }, HOST),
    ).rejects.toThrow(/^ValidationError: the claim id is missing/);
  });

  it('verifies the account with the mailed code', async () => {
    const email = uniqueEmail('verify');
    const created = await createClaim(t.app, email);
    const profile = await registration.registerForClaim(
      { data: { email, termsAccepted: true }, password: PASSWORD, claimId: created.claim.id },
      HOST,
    );
    await registration.sendVerificationCode(profile.id, undefined, HOST);
    const otp = await latestOtp(t.app, email);
    expect(await registration.verifyAccount(profile.id, otp)).toBe('VERIFIED');
    // The code is spent.
    await expect(registration.verifyAccount(profile.id, otp)).rejects.toThrow();
  });
});
