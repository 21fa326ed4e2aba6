// Mail in the person's language: the one stored value (profile.preferredLanguage) is set through
// the API only — at registration, with the header menu's PUT /me/language, or in the person form
// (PATCH /me) — and every kind of mail (invitation, claim and account codes, payout-method notice,
// password reset, guardian invitation) is written in it; without one, the merchant's default. The
// mails name the merchant and show amounts with the currency's ISO 4217 minor units.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DATABASE_KINDS } from './support/databases';
import {
  admin,
  Browser,
  createClaim,
  latestOtp,
  outbox,
  PASSWORD,
  PERSON,
  US_ADDRESS,
  uniqueEmail,
  type TestApp,
  startTestApp,
} from './support/harness';

const MERCHANT = 'Acme Refunds';
const LOGIN = '/master/auth-app/v1/login';
// Intl separates currency and number with a no-break space in some languages.
const plain = (text: string): string => text.replace(/[\u00a0\u202f]/g, ' ');

async function invitation(ctx: TestApp, email: string, amount: string, currency: string) {
  await createClaim(ctx.app, email, amount, currency);
  const [message] = await outbox(ctx.app, email);
  if (!message) throw new Error(`no invitation for ${email}`);
  return { subject: plain(message.subject), text: plain(message.text) };
}

/** Registers for a claim as the portal's register form does: in the language it was shown in. */
async function registeredIn(app: FastifyInstance, language?: string, email = uniqueEmail()) {
  const created = await createClaim(app, email);
  const browser = new Browser(app);
  const registration = await browser.api<{ id: string; preferredLanguage?: string }>(
    'POST',
    '/me',
    {
      data: { email, termsAccepted: true, ...(language ? { preferredLanguage: language } : {}) },
      password: PASSWORD,
      claimId: created.claim.id,
    },
  );
  if (registration.status !== 200)
    throw new Error(`register: ${JSON.stringify(registration.body)}`);
  await browser.signIn(email);
  return { browser, email, profileId: registration.body.data.id, registration };
}

/** Verified with the emailed code and the person saved: proofing activates the fixture person. */
async function activatedIn(
  app: FastifyInstance,
  language?: string,
  person: Record<string, unknown> = PERSON,
) {
  const user = await registeredIn(app, language);
  await user.browser.api('POST', '/me/verify/otp', {});
  await user.browser.api('PUT', '/me/verify', { otp: await latestOtp(app, user.email) });
  const saved = await user.browser.api('PATCH', '/me', {
    profileType: 'PERSON',
    person,
    addresses: [US_ADDRESS],
  });
  if (saved.status !== 200) throw new Error(`save profile: ${JSON.stringify(saved.body)}`);
  const proofing = await user.browser.api<{ status: string }>('POST', '/id-proofing/start');
  expect(proofing.body.data.status).toBe('ACTIVATED');
  return user;
}

/** A minor (15) with a saved person and a US address, ready to invite a guardian. */
async function minorIn(app: FastifyInstance, language?: string) {
  const minor = await registeredIn(app, language);
  await minor.browser.api('POST', '/me/verify/otp', {});
  await minor.browser.api('PUT', '/me/verify', { otp: await latestOtp(app, minor.email) });
  const dob = new Date(Date.now() - 15 * 365.25 * 86_400_000).toISOString().slice(0, 10);
  const saved = await minor.browser.api('PATCH', '/me', {
    profileType: 'PERSON',
    person: { firstName: 'Lia', lastName: 'Lima', dob, residency: 'US' },
    addresses: [US_ADDRESS],
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return minor;
}

const storedLanguage = async (browser: Browser) =>
  (
    await browser.api<{ preferredLanguage?: string; person?: { preferredLanguage?: string } }>(
      'GET',
      '/me',
    )
  ).body.data;

/** Polls the outbox: some mails go out after the answer (the reset link). */
async function mailTo(app: FastifyInstance, to: string, match: (text: string) => boolean) {
  for (let i = 0; i < 50; i++) {
    const found = (await outbox(app, to)).find((m) => match(m.text));
    if (found) return { subject: plain(found.subject), text: plain(found.text) };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no such mail reached ${to}`);
}

describe.each(DATABASE_KINDS)('mail in the person language (%s)', (kind) => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await startTestApp(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('keeps one stored language, set by registration, the menu and the person form', async () => {
    const user = await registeredIn(ctx.app, 'pt');
    expect(user.registration.body.data.preferredLanguage).toBe('pt');
    expect((await storedLanguage(user.browser)).preferredLanguage).toBe('pt');

    const chosen = await user.browser.api('PUT', '/me/language', { language: 'de' });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body.data).toEqual({ preferredLanguage: 'de' });
    expect((await storedLanguage(user.browser)).preferredLanguage).toBe('de');

    expect((await user.browser.api('PUT', '/me/language', { language: 'it' })).status).toBe(400);
    expect((await user.browser.api('PUT', '/me/language', {})).status).toBe(400);
    // A write like any other: without the CSRF header it is refused.
    const forged = await user.browser.request(
      'PUT',
      '/master/funnel/v1/me/language',
      { language: 'fr' },
      { 'x-csrf-token': 'forged' },
    );
    expect(forged.status).toBe(403);
    expect((await new Browser(ctx.app).api('PUT', '/me/language', { language: 'fr' })).status).toBe(
      401,
    );

    // The person form's "preferred language" is the same value: it shows it, and stores it.
    await user.browser.api('POST', '/me/verify/otp', {});
    await user.browser.api('PUT', '/me/verify', { otp: await latestOtp(ctx.app, user.email) });
    const saved = await user.browser.api('PATCH', '/me', {
      profileType: 'PERSON',
      person: { ...PERSON, preferredLanguage: 'es' },
      addresses: [US_ADDRESS],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await storedLanguage(user.browser)).toMatchObject({
      preferredLanguage: 'es',
      person: { preferredLanguage: 'es' },
    });
    await user.browser.api('PUT', '/me/language', { language: 'fr' });
    expect(await storedLanguage(user.browser)).toMatchObject({
      preferredLanguage: 'fr',
      person: { preferredLanguage: 'fr' },
    });
  });

  it('lets every signed-in status but the blocked ones choose (ON_HOLD yes, LOCKED no)', async () => {
    const user = await activatedIn(ctx.app);
    const path = `/profiles/${user.profileId}/status`;
    expect((await admin(ctx.app, 'PUT', path, { status: 'ON_HOLD' })).status).toBe(200);
    expect((await user.browser.api('PUT', '/me/language', { language: 'de' })).status).toBe(200);
    expect((await admin(ctx.app, 'PUT', path, { status: 'LOCKED' })).status).toBe(200);
    const locked = await user.browser.api('PUT', '/me/language', { language: 'fr' });
    expect(locked.status).toBe(403);
    expect(locked.body.message).toMatch(/^ProfileBlocked/);
  });

  it('invites a newcomer in the merchant default language with minor units', async () => {
    const usd = await invitation(ctx, uniqueEmail('usd'), '12.0000', 'USD');
    expect(usd.subject).toBe(`${MERCHANT} owes you $12.00`);
    expect(usd.text).toContain('$12.00');
    expect(usd.text).not.toContain('12.0000');
    expect(usd.text).toMatch(/valid until \w+ \d{1,2}, \d{4}\./);

    const jpy = await invitation(ctx, uniqueEmail('jpy'), '1200.0000', 'JPY');
    expect(jpy.subject).toBe(`${MERCHANT} owes you ¥1,200`);

    const bhd = await invitation(ctx, uniqueEmail('bhd'), '1.25', 'BHD');
    expect(bhd.subject).toBe(`${MERCHANT} owes you BHD 1.250`);
  });

  it('invites a user who chose French in the menu in French with Intl fr amounts', async () => {
    const user = await registeredIn(ctx.app);
    expect((await user.browser.api('PUT', '/me/language', { language: 'fr' })).status).toBe(200);
    const mail = await invitation(ctx, user.email, '12.0000', 'USD');
    expect(mail.subject).toBe(`${MERCHANT} vous doit 12,00 $US`);
    expect(mail.text).toContain(`Une nouvelle créance de 12,00 $US de ${MERCHANT} vous attend.`);
    expect(mail.text).toMatch(/valable jusqu’au \d{1,2} \p{L}+ \d{4}\./u);
  });

  it("sends the claim code in the user's language with the merchant's name", async () => {
    const user = await activatedIn(ctx.app);
    expect((await user.browser.api('PUT', '/me/language', { language: 'fr' })).status).toBe(200);
    const created = await createClaim(ctx.app, user.email, '12.0000', 'USD');
    const check = await user.browser.api<{ physicalCheck: { id: string } }>(
      'POST',
      '/payment-methods/physical-checks',
      { preferred: true },
    );
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    const sent = await user.browser.api('POST', `/claims/${created.claim.id}/accept/otp`, {
      claimId: created.claim.id,
      prefix: '1234',
      paymentMethodId: check.body.data.physicalCheck.id,
      targetCurrency: 'USD',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const code = await latestOtp(ctx.app, user.email);
    const [mail] = await outbox(ctx.app, user.email);
    expect(plain(mail?.subject ?? '')).toBe(
      `${MERCHANT} : confirmez l’acceptation de votre créance`,
    );
    expect(plain(mail?.text ?? '')).toBe(
      `Votre code pour accepter la créance de 12,00 $US de ${MERCHANT} est 1234-${code}. Il expire dans 10 minutes.`,
    );
  });

  it('sends the account code in the language registered with, naming the portal', async () => {
    const user = await registeredIn(ctx.app, 'de');
    expect((await user.browser.api('POST', '/me/verify/otp', { prefix: '4321' })).status).toBe(200);
    const code = await latestOtp(ctx.app, user.email);
    const [mail] = await outbox(ctx.app, user.email);
    expect(mail?.subject).toBe('Payee Portal: Ihr Bestätigungscode');
    expect(mail?.text).toContain(`lautet 4321-${code}. Geben Sie die 6 Ziffern nach 4321 ein.`);
  });

  it('sends the payout-method notice in the language of the person form', async () => {
    const user = await activatedIn(ctx.app, undefined, { ...PERSON, preferredLanguage: 'es' });
    const check = await user.browser.api('POST', '/payment-methods/physical-checks', {
      preferred: true,
    });
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    const notice = await mailTo(ctx.app, user.email, (text) => text.includes('cheque en papel'));
    expect(notice.subject).toBe(`${MERCHANT}: Se modificó un método de cobro de su cuenta`);
    expect(notice.text).toMatch(/^Una cheque en papel fue añadida en su cuenta/);
  });

  it('sends the password reset link in the stored language, whatever the page showed', async () => {
    const user = await registeredIn(ctx.app);
    expect((await user.browser.api('PUT', '/me/language', { language: 'pt' })).status).toBe(200);
    const asked = await ctx.app.inject({
      method: 'POST',
      url: `${LOGIN}/forgot`,
      headers: {
        host: 'localhost',
        origin: 'http://localhost',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ email: user.email, lang: 'en' }).toString(),
    });
    expect(asked.statusCode).toBe(200);
    const mail = await mailTo(ctx.app, user.email, (text) => text.includes('/reset?'));
    expect(mail.subject).toBe('Redefina sua senha do Payee Portal');
    expect(mail.text).toContain('lang=pt');
  });

  it("asks a guardian without an account in the minor's language, else the merchant's", async () => {
    const guardianEmail = uniqueEmail('guardian');
    const minor = await minorIn(ctx.app, 'pt');
    const invited = await minor.browser.api('POST', '/me/guardian/invite', {
      guardianEmail,
      firstName: 'Rosa',
      lastName: 'Lima',
      relationship: 'LEGAL_GUARDIAN',
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const [mail] = await outbox(ctx.app, guardianEmail);
    expect(mail?.subject).toBe(`${MERCHANT}: um menor pede seu consentimento`);
    expect(mail?.text).toMatch(/^Olá, Rosa: Lia Lima, de quem você é tutor legal/);

    // A minor who never chose: the merchant's default, with the minor's name and the relationship.
    const english = await minorIn(ctx.app);
    const otherGuardian = uniqueEmail('guardian');
    await english.browser.api('POST', '/me/guardian/invite', {
      guardianEmail: otherGuardian,
      firstName: 'Rosa',
      lastName: 'Lima',
      relationship: 'LEGAL_GUARDIAN',
    });
    const [plainMail] = await outbox(ctx.app, otherGuardian);
    expect(plainMail?.subject).toBe(`${MERCHANT}: a minor asks for your consent`);
    expect(plainMail?.text).toMatch(
      new RegExp(
        `^Hello Rosa, Lia Lima, for whom you are the legal guardian, asks for your consent to receive payouts from ${MERCHANT}\\. Open http`,
      ),
    );
  });

  it("asks a guardian who has an account in the guardian's own language", async () => {
    const guardian = await registeredIn(ctx.app);
    expect((await guardian.browser.api('PUT', '/me/language', { language: 'de' })).status).toBe(
      200,
    );
    const minor = await minorIn(ctx.app, 'pt');
    const invited = await minor.browser.api('POST', '/me/guardian/invite', {
      guardianEmail: guardian.email,
      firstName: 'Rosa',
      lastName: 'Lima',
      relationship: 'PARENT',
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const mail = await mailTo(ctx.app, guardian.email, (text) => text.includes('Lia Lima'));
    expect(mail.subject).toBe(`${MERCHANT}: Eine minderjährige Person bittet um Ihre Zustimmung`);
  });
});
