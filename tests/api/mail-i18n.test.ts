// Claim invitations read in the recipient's language, name the merchant and show amounts with the
// currency's ISO 4217 minor units (never the stored "12.0000").
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMethods, profiles } from '../../src/server/db/schema';
import { DATABASE_KINDS } from './support/databases';
import {
  activatedUser,
  createClaim,
  latestOtp,
  outbox,
  registeredUser,
  startTestApp,
  uniqueEmail,
  type TestApp,
} from './support/harness';

const MERCHANT = 'Acme Refunds';
// Intl separates currency and number with a no-break space in some languages.
const plain = (text: string): string => text.replace(/[\u00a0\u202f]/g, ' ');

async function invitation(ctx: TestApp, email: string, amount: string, currency: string) {
  await createClaim(ctx.app, email, amount, currency);
  const [message] = await outbox(ctx.app, email);
  if (!message) throw new Error(`no invitation for ${email}`);
  return { subject: plain(message.subject), text: plain(message.text) };
}

describe.each(DATABASE_KINDS)('mail in the recipient language (%s)', (kind) => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await startTestApp(kind);
  });
  afterAll(async () => {
    await ctx?.close();
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

  it('writes to a French-speaking user in French with Intl fr amounts', async () => {
    const user = await registeredUser(ctx.app);
    await ctx.database.db
      .update(profiles)
      .set({ preferredLanguage: 'fr' })
      .where(eq(profiles.id, user.profileId));
    const mail = await invitation(ctx, user.email, '12.0000', 'USD');
    expect(mail.subject).toBe(`${MERCHANT} vous doit 12,00 $US`);
    expect(mail.text).toContain(`Une nouvelle créance de 12,00 $US de ${MERCHANT} vous attend.`);
    expect(mail.text).toMatch(/valable jusqu’au \d{1,2} \p{L}+ \d{4}\./u);
  });

  it("sends a French-speaking user's claim code in French with the merchant's name", async () => {
    const user = await activatedUser(ctx.app);
    await ctx.database.db
      .update(profiles)
      .set({ preferredLanguage: 'fr' })
      .where(eq(profiles.id, user.profileId));
    const created = await createClaim(ctx.app, user.email, '12.0000', 'USD');
    const [method] = await ctx.database.db
      .insert(paymentMethods)
      .values({
        profileId: user.profileId,
        type: 'WIRE',
        preferred: true,
        details: { countryCode: 'DE', nickname: 'Girokonto', iban: 'DE89 •••• 3000' },
      })
      .returning();
    const sent = await user.browser.api('POST', `/claims/${created.claim.id}/accept/otp`, {
      claimId: created.claim.id,
      prefix: '1234',
      paymentMethodId: method?.id,
      targetCurrency: 'EUR',
    });
    expect(sent.status).toBe(200);
    const code = await latestOtp(ctx.app, user.email);
    const [mail] = await outbox(ctx.app, user.email);
    expect(plain(mail?.subject ?? '')).toBe(
      `${MERCHANT} : confirmez l’acceptation de votre créance`,
    );
    expect(plain(mail?.text ?? '')).toBe(
      `Votre code pour accepter la créance de 12,00 $US de ${MERCHANT} est 1234-${code}. Il expire dans 10 minutes.`,
    );
  });

  it("sends the account's verification code in the user's language, naming the portal", async () => {
    const user = await registeredUser(ctx.app);
    await ctx.database.db
      .update(profiles)
      .set({ preferredLanguage: 'de' })
      .where(eq(profiles.id, user.profileId));
    expect((await user.browser.api('POST', '/me/verify/otp', { prefix: '4321' })).status).toBe(200);
    const code = await latestOtp(ctx.app, user.email);
    const [mail] = await outbox(ctx.app, user.email);
    expect(mail?.subject).toBe('Payee Portal: Ihr Bestätigungscode');
    expect(mail?.text).toContain(`lautet 4321-${code}. Geben Sie die 6 Ziffern nach 4321 ein.`);
  });

  it("asks a guardian in the merchant's language with the minor's name and the relationship", async () => {
    const minor = await registeredUser(ctx.app);
    await minor.browser.api('POST', '/me/verify/otp', {});
    await minor.browser.api('PUT', '/me/verify', { otp: await latestOtp(ctx.app, minor.email) });
    const dob = new Date(Date.now() - 15 * 365.25 * 86_400_000).toISOString().slice(0, 10);
    const saved = await minor.browser.api('PATCH', '/me', {
      profileType: 'PERSON',
      person: { firstName: 'Lia', lastName: 'Lima', dob, residency: 'US' },
      addresses: [
        {
          countryCode: 'US',
          addressLine1: '350 Fifth Avenue',
          city: 'New York',
          state: 'NY',
          zipCode: '10118',
          addressType: 'RESIDENTIAL',
        },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const guardianEmail = uniqueEmail('guardian');
    const invited = await minor.browser.api('POST', '/me/guardian/invite', {
      guardianEmail,
      firstName: 'Rosa',
      lastName: 'Lima',
      relationship: 'LEGAL_GUARDIAN',
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const [mail] = await outbox(ctx.app, guardianEmail);
    expect(mail?.subject).toBe(`${MERCHANT}: a minor asks for your consent`);
    expect(mail?.text).toMatch(
      new RegExp(
        `^Hello Rosa, Lia Lima, for whom you are the legal guardian, asks for your consent to receive payouts from ${MERCHANT}\\. Open http`,
      ),
    );
  });
});
