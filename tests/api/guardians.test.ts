// A minor invites a guardian; the guardian registers from the invitation, completes their own
// profile and consents (or refuses); the minor's status follows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './support/databases';
import {
  activatedUser,
  Browser,
  latestOtp,
  outbox,
  PASSWORD,
  PERSON,
  registeredUser,
  startTestApp,
  uniqueEmail,
  US_ADDRESS,
  type TestApp,
} from './support/harness';

const MINOR = { ...PERSON, firstName: 'Leo', dob: '2012-03-04' };

describe.each(DATABASE_KINDS)('guardians on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  async function minorWaitingForConsent(guardianEmail: string) {
    const minor = await registeredUser(t.app, uniqueEmail('minor'));
    await minor.browser.api('POST', '/me/verify/otp', {});
    await minor.browser.api('PUT', '/me/verify', { otp: await latestOtp(t.app, minor.email) });
    const saved = await minor.browser.api<{ isMinor: boolean }>('PATCH', '/me', {
      profileType: 'PERSON',
      person: MINOR,
      addresses: [US_ADDRESS],
    });
    expect(saved.body.data.isMinor).toBe(true);
    const early = await minor.browser.api('POST', '/id-proofing/start');
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/^GuardianConsentRequired/);
    const invited = await minor.browser.api<{ status: string; guardians: { consent: null }[] }>(
      'POST',
      '/me/guardian/invite',
      { firstName: 'Maria', lastName: 'Lima', guardianEmail, relationship: 'PARENT' },
    );
    expect(invited.status).toBe(200);
    expect(invited.body.data.status).toBe('GUARDIAN_CONSENT_PENDING');
    expect(invited.body.data.guardians[0]?.consent).toBeNull();
    return minor;
  }

  async function guardianFromInvitation(guardianEmail: string) {
    const invitation = (await outbox(t.app, guardianEmail))[0];
    const tokenId = /user_id=([\w-]+)/.exec(invitation?.text ?? '')?.[1];
    expect(tokenId).toBeDefined();
    const browser = new Browser(t.app);
    expect((await browser.api('GET', `/tokens/${tokenId}`)).body.data).toEqual({
      email: guardianEmail,
    });
    expect(
      (
        await browser.api('POST', '/me/confirm', {
          tokenId,
          password: PASSWORD,
          preferredContact: 'EMAIL_ONLY',
        })
      ).status,
    ).toBe(200);
    await browser.signIn(guardianEmail);
    await browser.api('POST', '/me/verify/otp', {});
    await browser.api('PUT', '/me/verify', { otp: await latestOtp(t.app, guardianEmail) });
    await browser.api('PATCH', '/me', {
      profileType: 'PERSON',
      person: { ...PERSON, firstName: 'Maria' },
      addresses: [US_ADDRESS],
    });
    expect((await browser.api('POST', '/id-proofing/start')).body.data).toEqual({
      status: 'ACTIVATED',
    });
    return browser;
  }

  it('consent from every guardian lets the minor continue to identity proofing', async () => {
    const guardianEmail = uniqueEmail('guardian');
    const minor = await minorWaitingForConsent(guardianEmail);
    const guardian = await guardianFromInvitation(guardianEmail);
    const me = await guardian.api<{ minors: { id: string; consent: string | null }[] }>(
      'GET',
      '/me',
    );
    // The guardian sees whom they decide for by name, and nothing else of the minor's profile.
    expect(me.body.data.minors).toEqual([
      { id: minor.profileId, firstName: 'Leo', lastName: 'Lima', consent: null },
    ]);

    const consent = await guardian.api('POST', `/me/guardian/confirm-consent/${minor.profileId}`, {
      consent: true,
    });
    expect(consent.body.data).toMatchObject({ consent: 'true', minorStatus: 'VERIFIED' });
    expect(
      (await guardian.api<{ minors: unknown[] }>('GET', '/me')).body.data.minors,
    ).toMatchObject([{ id: minor.profileId, consent: 'true' }]);
    expect((await minor.browser.api('POST', '/id-proofing/start')).body.data).toEqual({
      status: 'ACTIVATED',
    });
  });

  it('with two guardians, each sees their own decision; the minor waits for both', async () => {
    const first = uniqueEmail('guardian-a');
    const second = uniqueEmail('guardian-b');
    const minor = await minorWaitingForConsent(first);
    const again = await minor.browser.api('POST', '/me/guardian/invite', {
      firstName: 'Paulo',
      lastName: 'Lima',
      guardianEmail: second,
      relationship: 'PARENT',
    });
    expect(again.status).toBe(200);
    const guardianA = await guardianFromInvitation(first);
    const guardianB = await guardianFromInvitation(second);

    const agreed = await guardianA.api('POST', `/me/guardian/confirm-consent/${minor.profileId}`, {
      consent: true,
    });
    expect(agreed.body.data).toMatchObject({ minorStatus: 'GUARDIAN_CONSENT_PENDING' });
    type Me = { minors: { consent: string | null }[] };
    // A has decided (not sent back to the consent page); B still has to.
    expect((await guardianA.api<Me>('GET', '/me')).body.data.minors[0]?.consent).toBe('true');
    expect((await guardianB.api<Me>('GET', '/me')).body.data.minors[0]?.consent).toBeNull();

    await guardianB.api('POST', `/me/guardian/confirm-consent/${minor.profileId}`, {
      consent: true,
    });
    expect((await minor.browser.api('GET', '/me/status')).body.data).toEqual({
      status: 'VERIFIED',
    });
  });

  it('a refusal sets GUARDIAN_CONSENT_REJECTED', async () => {
    const guardianEmail = uniqueEmail('guardian');
    const minor = await minorWaitingForConsent(guardianEmail);
    const guardian = await guardianFromInvitation(guardianEmail);
    const refusal = await guardian.api('POST', `/me/guardian/confirm-consent/${minor.profileId}`, {
      consent: false,
    });
    expect(refusal.body.data).toMatchObject({
      consent: 'false',
      minorStatus: 'GUARDIAN_CONSENT_REJECTED',
    });
    expect((await minor.browser.api('GET', '/me/status')).body.data).toEqual({
      status: 'GUARDIAN_CONSENT_REJECTED',
    });
  });

  // Issue 28: a stuck invitation (mistyped address, expired link, refusal) is corrected by a new
  // one that replaces it; the old one is withdrawn and no longer counts or opens anything.
  type Guardians = { id: string; email: string; consent: string | null }[];
  type MinorMe = { status: string; guardians: Guardians };

  async function invitationToken(guardianEmail: string) {
    const invitation = (await outbox(t.app, guardianEmail))[0];
    const tokenId = /user_id=([\w-]+)/.exec(invitation?.text ?? '')?.[1];
    expect(tokenId).toBeDefined();
    return tokenId ?? '';
  }

  it('a corrected invitation replaces a pending one: the old link is refused, the new guardian decides', async () => {
    const mistyped = uniqueEmail('guardian-typo');
    const corrected = uniqueEmail('guardian-right');
    const minor = await minorWaitingForConsent(mistyped);
    const oldToken = await invitationToken(mistyped);
    const before = await minor.browser.api<MinorMe>('GET', '/me');
    const stuck = before.body.data.guardians[0];
    expect(stuck?.email).toBe(mistyped);

    const replaced = await minor.browser.api<MinorMe>('POST', '/me/guardian/invite', {
      firstName: 'Maria',
      lastName: 'Lima',
      guardianEmail: corrected,
      relationship: 'PARENT',
      replaces: stuck?.id,
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.status).toBe('GUARDIAN_CONSENT_PENDING');
    // Only the new invitation is shown and waited for.
    expect(replaced.body.data.guardians).toMatchObject([{ email: corrected, consent: null }]);
    expect(replaced.body.data.guardians).toHaveLength(1);

    // The mistyped address's link opens nothing any more, and says why.
    const stranger = new Browser(t.app);
    const info = await stranger.api('GET', `/tokens/${oldToken}`);
    expect(info.status).toBe(410);
    expect(info.body.message).toMatch(/^InvitationWithdrawn/);
    const register = await stranger.api('POST', '/me/confirm', {
      tokenId: oldToken,
      password: PASSWORD,
      preferredContact: 'EMAIL_ONLY',
    });
    expect(register.status).toBe(410);
    expect(register.body.message).toMatch(/^InvitationWithdrawn/);

    // The new guardian's consent alone lets the minor go on to identity proofing.
    const guardian = await guardianFromInvitation(corrected);
    const consent = await guardian.api('POST', `/me/guardian/confirm-consent/${minor.profileId}`, {
      consent: true,
    });
    expect(consent.body.data).toMatchObject({ consent: 'true', minorStatus: 'VERIFIED' });
    expect((await minor.browser.api('POST', '/id-proofing/start')).body.data).toEqual({
      status: 'ACTIVATED',
    });
  });

  it('after a refusal, a new invitation sets PENDING again and the refusal no longer counts', async () => {
    const refusing = uniqueEmail('guardian-no');
    const next = uniqueEmail('guardian-yes');
    const minor = await minorWaitingForConsent(refusing);
    const refuser = await guardianFromInvitation(refusing);
    const refusal = await refuser.api('POST', `/me/guardian/confirm-consent/${minor.profileId}`, {
      consent: false,
    });
    expect(refusal.body.data).toMatchObject({ minorStatus: 'GUARDIAN_CONSENT_REJECTED' });
    const rejected = await minor.browser.api<MinorMe>('GET', '/me');
    expect(rejected.body.data.guardians).toMatchObject([{ email: refusing, consent: 'false' }]);

    const invited = await minor.browser.api<MinorMe>('POST', '/me/guardian/invite', {
      firstName: 'Paulo',
      lastName: 'Lima',
      guardianEmail: next,
      relationship: 'LEGAL_GUARDIAN',
      replaces: rejected.body.data.guardians[0]?.id,
    });
    expect(invited.status).toBe(200);
    expect(invited.body.data.status).toBe('GUARDIAN_CONSENT_PENDING');
    expect(invited.body.data.guardians).toEqual([
      expect.objectContaining({ email: next, consent: null }),
    ]);

    // The guardian who refused can no longer decide, and no longer sees the minor.
    const late = await refuser.api('POST', `/me/guardian/confirm-consent/${minor.profileId}`, {
      consent: true,
    });
    expect(late.status).toBe(410);
    expect(late.body.message).toMatch(/^InvitationWithdrawn/);
    expect((await refuser.api<{ minors: unknown[] }>('GET', '/me')).body.data.minors).toEqual([]);
    expect((await minor.browser.api('GET', '/me/status')).body.data).toEqual({
      status: 'GUARDIAN_CONSENT_PENDING',
    });

    const guardian = await guardianFromInvitation(next);
    const consent = await guardian.api('POST', `/me/guardian/confirm-consent/${minor.profileId}`, {
      consent: true,
    });
    expect(consent.body.data).toMatchObject({ minorStatus: 'VERIFIED' });
    expect((await minor.browser.api('POST', '/id-proofing/start')).body.data).toEqual({
      status: 'ACTIVATED',
    });
  });

  it('a new invitation replaces only a stuck one: a consent stays, a strange id is refused', async () => {
    const first = uniqueEmail('guardian-a');
    const minor = await minorWaitingForConsent(first);
    const unknown = await minor.browser.api('POST', '/me/guardian/invite', {
      firstName: 'Paulo',
      lastName: 'Lima',
      guardianEmail: uniqueEmail('guardian-b'),
      relationship: 'PARENT',
      replaces: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/^GuardianNotFound/);
    const malformed = await minor.browser.api('POST', '/me/guardian/invite', {
      firstName: 'Paulo',
      lastName: 'Lima',
      guardianEmail: uniqueEmail('guardian-b'),
      relationship: 'PARENT',
      replaces: 'not-an-id',
    });
    expect(malformed.status).toBe(400);

    // A second guardian, not a replacement: A consents, then B's invitation is corrected to C.
    const second = uniqueEmail('guardian-b');
    await minor.browser.api('POST', '/me/guardian/invite', {
      firstName: 'Paulo',
      lastName: 'Lima',
      guardianEmail: second,
      relationship: 'PARENT',
    });
    const guardianA = await guardianFromInvitation(first);
    await guardianA.api('POST', `/me/guardian/confirm-consent/${minor.profileId}`, {
      consent: true,
    });
    const both = (await minor.browser.api<MinorMe>('GET', '/me')).body.data.guardians;
    const consented = both.find((g) => g.email === first);
    const pending = both.find((g) => g.email === second);
    const keep = await minor.browser.api('POST', '/me/guardian/invite', {
      firstName: 'Ana',
      lastName: 'Lima',
      guardianEmail: uniqueEmail('guardian-c'),
      relationship: 'PARENT',
      replaces: consented?.id,
    });
    expect(keep.status).toBe(409);
    expect(keep.body.message).toMatch(/^GuardianAlreadyConsented/);

    const third = uniqueEmail('guardian-c');
    const corrected = await minor.browser.api<MinorMe>('POST', '/me/guardian/invite', {
      firstName: 'Ana',
      lastName: 'Lima',
      guardianEmail: third,
      relationship: 'PARENT',
      replaces: pending?.id,
    });
    expect(corrected.body.data.guardians.map((g) => [g.email, g.consent])).toEqual([
      [first, 'true'],
      [third, null],
    ]);
    const guardianC = await guardianFromInvitation(third);
    const last = await guardianC.api('POST', `/me/guardian/confirm-consent/${minor.profileId}`, {
      consent: true,
    });
    expect(last.body.data).toMatchObject({ minorStatus: 'VERIFIED' });
  });

  it('only a guardian of the minor can decide, and only an activated one', async () => {
    const guardianEmail = uniqueEmail('guardian');
    const minor = await minorWaitingForConsent(guardianEmail);
    const stranger = await activatedUser(t.app);
    const response = await stranger.browser.api(
      'POST',
      `/me/guardian/confirm-consent/${minor.profileId}`,
      { consent: true },
    );
    expect(response.status).toBe(404);
    expect(
      (
        await stranger.browser.api('POST', '/me/guardian/invite', {
          firstName: 'A',
          lastName: 'B',
          guardianEmail: uniqueEmail(),
          relationship: 'PARENT',
        })
      ).status,
    ).toBe(409);
  });
});
