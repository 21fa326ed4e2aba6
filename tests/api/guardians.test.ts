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
