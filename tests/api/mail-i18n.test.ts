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
    expect(mail.text).toContain(`Un nouveau paiement de 12,00 $US de ${MERCHANT} vous attend.`);
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
      `${MERCHANT} : confirmez l’acceptation de votre paiement`,
    );
    expect(plain(mail?.text ?? '')).toBe(
      `Votre code pour accepter le paiement de 12,00 $US de ${MERCHANT} est 1234-${code}. Il expire dans 10 minutes.`,
    );
  });
});
