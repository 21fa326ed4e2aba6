// Attacks on account deletion (issue 29 point 4), over real HTTP: deleting the account to get
// around a hold (where deleting a single payout method is refused) or to wipe the destination a
// payment in progress needs, deleting with a stolen session and no password or a guessed one, and
// what a deletion leaves behind (the card vault's entry, a live reset link, mails not yet sent).
// The mail server is unreachable here (SMTP_URL to a closed port): every mail stays in the outbox
// waiting for delivery, so a deletion that left pending mail would show in the development outbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLiveResetToken } from '../../src/server/domain/password-reset';
import { listPaymentMethods } from '../../src/server/repositories/payment-methods';
import {
  addBankAccount,
  activatedUser,
  adminCall,
  DATABASE_KINDS,
  HttpBrowser,
  latestOtp,
  outbox,
  PASSWORD,
  rawRequest,
  startLiveServer,
  type LiveServer,
} from './support/server';
import { DEBIT_CARD as CARD, US_ACH as ACH } from '../fixtures/payout-methods';

const deleteAccount = (browser: HttpBrowser, body?: unknown) => browser.api('DELETE', '/me', body);

/** The account is still there and still signed in, with these payout methods. */
async function expectIntact(browser: HttpBrowser, methods: number) {
  expect((await browser.api('GET', '/me')).status).toBe(200);
  const list = await browser.api('GET', '/payment-methods');
  expect(list.status).toBe(200);
  expect(list.json!.data as unknown[]).toHaveLength(methods);
}

describe.each(DATABASE_KINDS)('account deletion attacks on %s', (kind) => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await startLiveServer(kind, {
      RATE_LIMIT_SCALE: '20',
      // Nothing listens there: mail stays undelivered, as during a mail server outage.
      SMTP_URL: 'smtp://127.0.0.1:1',
    });
  });
  afterAll(async () => server?.close());

  it('refuses deletion on hold, where deleting a payout method is refused too', async () => {
    const user = await activatedUser(server);
    expect(user.status).toBe('ACTIVATED');
    await addBankAccount(user.browser, ACH);
    const held = await adminCall(server, 'PUT', `/profiles/${user.profileId}/status`, {
      status: 'ON_HOLD',
    });
    expect(held.status, held.text).toBe(200);

    const thief = user.browser.steal();
    const refused = await deleteAccount(thief, { password: PASSWORD });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json!.message).toMatch(/^ProfileOnHold: /);
    await expectIntact(user.browser, 1);
  });

  it('refuses deletion while a claim is being paid, keeping the method the payment goes to', async () => {
    const user = await activatedUser(server);
    const methodId = await addBankAccount(user.browser, ACH);
    const sent = await user.browser.api('POST', `/claims/${user.claimId}/accept/otp`, {
      paymentMethodId: methodId,
      targetCurrency: 'USD',
    });
    expect(sent.status, sent.text).toBe(200);
    const accepted = await user.browser.api('PUT', `/claims/${user.claimId}/accept`, {
      otp: await latestOtp(server, user.email),
      paymentMethodId: methodId,
      targetCurrency: 'USD',
    });
    expect(accepted.status, accepted.text).toBe(200);
    expect((accepted.json!.data as { status: string }).status).toBe('PAYMENT_IN_PROGRESS');

    const refused = await deleteAccount(user.browser.steal(), { password: PASSWORD });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json!.message).toMatch(/^AccountNotDeletable: /);
    await expectIntact(user.browser, 1);
    const claims = await user.browser.api('GET', '/claims');
    const claim = (claims.json!.data as { id: string; status: string }[]).find(
      (c) => c.id === user.claimId,
    );
    expect(claim?.status).toBe('PAYMENT_IN_PROGRESS');
  });

  it('asks for the password: none, an empty one or a wrong one deletes nothing', async () => {
    const user = await activatedUser(server);
    const thief = user.browser.steal();
    for (const body of [undefined, {}, { password: '' }]) {
      const response = await deleteAccount(thief, body);
      expect(response.status, `${JSON.stringify(body)}: ${response.text}`).toBe(400);
    }
    const wrong = await deleteAccount(thief, { password: 'Guessed-11-wrong' });
    expect(wrong.status, wrong.text).toBe(403);
    expect(wrong.json!.message).toMatch(/^WrongPassword: /);
    await expectIntact(user.browser, 0);
  });

  it('counts wrong passwords against guessing as sign-in does, one count for both', async () => {
    const user = await activatedUser(server);
    const thief = user.browser.steal();
    // Sign-in locks for a minute at the fifth consecutive failure; so does deletion.
    for (let i = 1; i <= 4; i++) {
      const wrong = await deleteAccount(thief, { password: `Guessed-${i}-wrong` });
      expect(wrong.status, wrong.text).toBe(403);
    }
    const fifth = await deleteAccount(thief, { password: 'Guessed-5-wrong' });
    expect(fifth.status, fifth.text).toBe(429);
    expect(fifth.json!.message).toMatch(/^PasswordLocked: /);
    // Locked now: the right password does not get through either, here or at sign-in.
    const right = await deleteAccount(thief, { password: PASSWORD });
    expect(right.status).toBe(429);
    await expectIntact(user.browser, 0);
    const signIn = await user.browser.steal().signIn(user.email);
    expect(signIn.status).not.toBe(303);
  });

  it('deletes with the password: the card vault entry, reset links and unsent mail go with it', async () => {
    const user = await activatedUser(server);
    const card = await user.browser.api('POST', '/payment-methods/debit-card', CARD);
    expect(card.status, card.text).toBe(200);
    // The vault token is not in any answer: read through the repository the app uses.
    const [method] = await listPaymentMethods(server.database.db, user.profileId);
    const token = method?.vaultToken ?? '';
    expect(token).toMatch(/^card_/);
    expect(await server.app.deps.cardVault.holds(server.database.db, token)).toBe(true);

    // A reset link asked for (and mailed, not yet delivered).
    const forgot = await rawRequest(
      server,
      'POST',
      '/master/auth-app/v1/login/forgot',
      {
        host: 'localhost',
        origin: 'http://localhost',
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
      },
      new URLSearchParams({ email: user.email }).toString(),
    );
    expect(forgot.status, forgot.text).toBeLessThan(400);
    let resetToken = '';
    for (let i = 0; i < 50 && !resetToken; i++) {
      const link = (await outbox(server, user.email))
        .map((m) => /https?:\/\/\S+\/reset\?\S+/.exec(m.text)?.[0])
        .find((l): l is string => !!l);
      resetToken = link ? (new URL(link).searchParams.get('token') ?? '') : '';
      if (!resetToken) await new Promise((r) => setTimeout(r, 100));
    }
    expect(resetToken).not.toBe('');
    expect(await isLiveResetToken(server.database.db, resetToken)).toBe(true);
    expect((await outbox(server, user.email)).length).toBeGreaterThan(0);

    const deleted = await deleteAccount(user.browser, { password: PASSWORD });
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.json!.data).toEqual({ deleted: true });

    expect(await server.app.deps.cardVault.holds(server.database.db, token)).toBe(false);
    expect(await isLiveResetToken(server.database.db, resetToken)).toBe(false);
    // Nothing waits to be sent to the deleted account any more.
    expect(await outbox(server, user.email)).toEqual([]);
    expect((await user.browser.api('GET', '/me')).status).toBe(401);
    // The claim stays for the merchant, without the account (README, "Deleting an account").
    const invitation = await new HttpBrowser(server).api('GET', `/tokens/${user.claimId}`);
    expect(invitation.json!.data).toEqual({ email: user.email });
  });
});
