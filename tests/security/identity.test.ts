// Attacks on identity: changing who is paid after proofing, a minor editing their date of birth,
// reading identity numbers back, registering through another merchant's host, and bytes the
// database refuses.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activatedUser,
  createClaim,
  DATABASE_KINDS,
  HttpBrowser,
  latestOtp,
  PASSWORD,
  PERSON,
  registeredUser,
  rowsOf,
  startLiveServer,
  uniqueEmail,
  US_ADDRESS,
  type LiveServer,
} from './support/server';

const SSN = '078-05-1120';

/** A date of birth `years` ago (minus a day, so the birthday has passed). */
const bornYearsAgo = (years: number): string => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

describe.each(DATABASE_KINDS)('identity attacks on %s', (kind) => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await startLiveServer(kind, { RATE_LIMIT_SCALE: '20' });
  });
  afterAll(async () => server?.close());

  it('sends a profile back through identity proofing when its identity changes after ACTIVATED', async () => {
    const me = { ...PERSON, ssn: SSN };
    const user = await activatedUser(server, uniqueEmail(), me);
    expect(user.status).toBe('ACTIVATED');
    const thief = user.browser.steal();
    // Saving the same identity (the form sends everything again) changes nothing.
    const same = await thief.api('PATCH', '/me', {
      profileType: 'PERSON',
      person: { ...me },
      addresses: [US_ADDRESS],
    });
    expect(same.status, same.text).toBe(200);
    expect((same.json!.data as { status: string }).status).toBe('ACTIVATED');

    for (const change of [{ lastName: 'Thief' }, { ssn: '219-09-9999' }, { dob: '1980-02-02' }]) {
      const changed = await thief.api('PATCH', '/me', {
        profileType: 'PERSON',
        person: { ...me, ...change },
        addresses: [US_ADDRESS],
      });
      expect(changed.status, changed.text).toBe(200);
      expect((changed.json!.data as { status: string }).status).toBe('VERIFIED');
      // No claim is accepted and no payout method added until proofing passed again.
      const code = await thief.api('POST', `/claims/${user.claimId}/accept/otp`, {
        paymentMethodId: user.profileId,
      });
      expect(code.status).toBe(409);
      const proofing = await thief.api('POST', '/id-proofing/start');
      expect((proofing.json!.data as { status: string }).status).toBe('ACTIVATED');
    }
  });

  it('never returns or stores an identity number in clear, and keeps it when the field is left empty', async () => {
    const user = await activatedUser(server, uniqueEmail(), {
      ...PERSON,
      ssn: SSN,
      govId: 'P1234567',
    });
    const me = await user.browser.api('GET', '/me');
    expect(me.text).not.toContain('078-05-1120');
    expect(me.text).not.toContain('078051120');
    expect(me.text).not.toContain('P1234567');
    expect((me.json!.data as { person: Record<string, string> }).person).toMatchObject({
      ssn: '•••• 1120',
      govId: '•••• 4567',
    });
    const rows = rowsOf<{ person: unknown; identity_sealed: string }>(
      await server.database.db.execute(
        sql`select person, identity_sealed from profiles where id = ${user.profileId}`,
      ),
    );
    expect(JSON.stringify(rows[0])).not.toContain('078-05-1120');
    expect(rows[0]!.identity_sealed).toMatch(/^v2\./);

    // The edit form leaves the numbers empty: the stored ones stay, the profile stays ACTIVATED.
    const kept = await user.browser.api('PATCH', '/me', {
      profileType: 'PERSON',
      person: { ...PERSON, ssn: '', govId: '' },
      addresses: [US_ADDRESS],
    });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.json!.data).toMatchObject({
      status: 'ACTIVATED',
      person: { ssn: '•••• 1120', govId: '•••• 4567' },
    });
  });

  it('keeps a minor a minor when they edit their date of birth', async () => {
    const user = await registeredUser(server);
    await user.browser.api('POST', '/me/verify/otp', {});
    await user.browser.api('PUT', '/me/verify', { otp: await latestOtp(server, user.email) });
    // The client has no say in who is a minor.
    const forged = await user.browser.api('PATCH', '/me', {
      profileType: 'PERSON',
      person: { ...PERSON, dob: bornYearsAgo(15) },
      addresses: [US_ADDRESS],
      isMinor: false,
    });
    expect(forged.status).toBe(400);
    expect(JSON.stringify(forged.json)).toContain('/isMinor');
    const minor = await user.browser.api('PATCH', '/me', {
      profileType: 'PERSON',
      person: { ...PERSON, dob: bornYearsAgo(15) },
      addresses: [US_ADDRESS],
    });
    expect(minor.status, minor.text).toBe(200);
    expect((minor.json!.data as { isMinor: boolean }).isMinor).toBe(true);
    const escape = await user.browser.api('PATCH', '/me', {
      profileType: 'PERSON',
      person: { ...PERSON, dob: bornYearsAgo(30) },
      addresses: [US_ADDRESS],
    });
    expect(escape.status).toBe(409);
    expect(escape.json!.message).toMatch(/^DateOfBirthLocked/);
    const proofing = await user.browser.api('POST', '/id-proofing/start');
    expect(proofing.status).toBe(409);
    expect(proofing.json!.message).toMatch(/^GuardianConsentRequired/);
  });

  it('takes the merchant from the claim, not from the Host of the registration', async () => {
    const email = uniqueEmail('cross');
    // A claim of Nightfall (agreements, access code) registered through the demo merchant's host.
    const created = await createClaim(server, email, '20.00', 'USD', 'nightfall.localhost');
    const browser = new HttpBrowser(server, 'localhost');
    const refused = await browser.api('POST', '/me', {
      data: { email, termsAccepted: true },
      password: PASSWORD,
      claimId: created.claim.id,
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.json)).toContain('/additionalAgreementsAccepted');
    const registered = await browser.api('POST', '/me', {
      data: { email, termsAccepted: true, additionalAgreementsAccepted: true },
      password: PASSWORD,
      claimId: created.claim.id,
    });
    expect(registered.status, registered.text).toBe(200);
    const rows = rowsOf<{ merchant_id: string }>(
      await server.database.db.execute(
        sql`select merchant_id from profiles where lower(email) = ${email.toLowerCase()}`,
      ),
    );
    expect(rows[0]!.merchant_id).toBe('nightfall');
    // Signed in through the demo host, the session still answers to Nightfall's access code.
    expect((await browser.signIn(email)).status).toBe(303);
    expect((await browser.api('GET', '/claims')).status).toBe(403);
  });

  it('answers a NUL byte or a control character in any profile field with 400 naming it', async () => {
    const user = await activatedUser(server);
    const bad = ['a\u0000b', 'a\u0007b'];
    for (const value of bad) {
      const cases: [string, Record<string, unknown>][] = [
        ['/person/firstName', { profileType: 'PERSON', person: { ...PERSON, firstName: value } }],
        ['/person/lastName', { profileType: 'PERSON', person: { ...PERSON, lastName: value } }],
        ['/addresses/0/addressLine1', { addresses: [{ ...US_ADDRESS, addressLine1: value }] }],
        ['/phones/0/number', { phones: [{ number: value, phoneType: 'CELL' }] }],
        ['/preferredLanguage', { preferredLanguage: value }],
        ['/preferredContact', { preferredContact: value }],
        ['/profileType', { profileType: value }],
      ];
      for (const [path, body] of cases) {
        const response = await user.browser.api('PATCH', '/me', body);
        expect(response.status, `${path} ${JSON.stringify(value)}`).toBe(400);
        expect(JSON.stringify(response.json)).toContain(path);
      }
    }
    for (const [path, body] of [
      ['/preferredLanguage', { preferredLanguage: 'xx' }],
      ['/preferredContact', { preferredContact: 'CARRIER_PIGEON' }],
      ['/profileType', { profileType: 'ROBOT' }],
      ['/addresses/0/addressType', { addresses: [{ ...US_ADDRESS, addressType: 'CASTLE' }] }],
    ] as const) {
      const response = await user.browser.api('PATCH', '/me', body);
      expect(response.status, path).toBe(400);
      expect(JSON.stringify(response.json)).toContain(path);
    }
    const email = uniqueEmail('nul');
    const created = await createClaim(server, email);
    const register = await new HttpBrowser(server).api('POST', '/me', {
      data: { email, termsAccepted: true, preferredContact: 'EMAIL\u0000ONLY' },
      password: PASSWORD,
      claimId: created.claim.id,
    });
    expect(register.status).toBe(400);
  });
});
