// Attacks on where the money goes, with a stolen session: redirecting a payment in progress,
// reusing an acceptance code for another destination, changing methods unnoticed, guessing codes
// across resends, and cancelling or preferring outside the allowed statuses.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addBankAccount,
  activatedUser,
  adminCall,
  DATABASE_KINDS,
  latestOtp,
  outbox,
  PERSON,
  rowsOf,
  startLiveServer,
  US_ADDRESS,
  type HttpBrowser,
  type LiveServer,
} from './support/server';
import { AUSTRIAN_WIRE, US_ACH as ACH } from '../fixtures/payout-methods';

async function addBank(
  browser: HttpBrowser,
  overrides: Record<string, string> = {},
  base: Record<string, string> = ACH,
) {
  return addBankAccount(browser, { ...base, ...overrides });
}

async function acceptTo(
  server: LiveServer,
  user: { browser: HttpBrowser; email: string; claimId: string },
  paymentMethodId: string,
  targetCurrency = 'USD',
) {
  const sent = await user.browser.api('POST', `/claims/${user.claimId}/accept/otp`, {
    paymentMethodId,
    targetCurrency,
  });
  expect(sent.status, sent.text).toBe(200);
  const otp = await latestOtp(server, user.email);
  return user.browser.api('PUT', `/claims/${user.claimId}/accept`, {
    otp,
    paymentMethodId,
    targetCurrency,
  });
}

describe.each(DATABASE_KINDS)('payout destination attacks on %s', (kind) => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await startLiveServer(kind, { RATE_LIMIT_SCALE: '20' });
  });
  afterAll(async () => server?.close());

  it('freezes the method a payment in progress goes to, and keeps the destination the user confirmed', async () => {
    const user = await activatedUser(server);
    const mine = await addBank(user.browser);
    const accepted = await acceptTo(server, user, mine);
    expect(accepted.status, accepted.text).toBe(200);
    const destination = (accepted.json!.data as { destination: Record<string, unknown> })
      .destination;
    expect(destination).toMatchObject({
      paymentMethodId: mine,
      type: 'ACH',
      accountNumber: '•••• 6789',
      bankName: 'First Bank',
    });
    expect(JSON.stringify(destination)).not.toContain('123456789');

    // The thief holds the victim's session and tries to move the money to their own account.
    const thief = user.browser.steal();
    const edit = await thief.api('PUT', `/payment-methods/bank-accounts/${mine}`, {
      ...ACH,
      routingNumber: '021000021',
      accountNumber: '987654321',
      accountNumberConfirmation: '987654321',
      nickname: 'Thief',
    });
    expect(edit.status).toBe(409);
    expect(edit.json!.message).toMatch(/^PaymentMethodLocked/);
    const remove = await thief.api('DELETE', `/payment-methods/bank-accounts/${mine}`);
    expect(remove.status).toBe(409);

    const list = await user.browser.api('GET', '/payment-methods');
    const card = (
      list.json!.data as { lockedByClaim?: boolean; bankAccount?: { id: string } }[]
    ).find((m) => m.bankAccount?.id === mine);
    expect(card?.lockedByClaim).toBe(true);
    const claims = await user.browser.api('GET', '/claims');
    const claim = (claims.json!.data as { id: string; destination?: unknown }[]).find(
      (c) => c.id === user.claimId,
    );
    expect(claim?.destination).toEqual(destination);
  });

  it('binds the acceptance code to the claim, the payout method and the currency', async () => {
    const user = await activatedUser(server);
    // An Austrian WIRE account receives EUR and USD (country rules), so the currency can change.
    const austrian = AUSTRIAN_WIRE;
    const mine = await addBank(user.browser, {}, austrian);
    const thiefs = await addBank(
      user.browser,
      { nickname: 'Other', iban: 'AT483200000012345864' },
      austrian,
    );
    await user.browser.api('POST', `/claims/${user.claimId}/accept/otp`, {
      paymentMethodId: mine,
      targetCurrency: 'USD',
    });
    const otp = await latestOtp(server, user.email);
    for (const body of [
      { otp, paymentMethodId: thiefs, targetCurrency: 'USD' },
      { otp, paymentMethodId: mine, targetCurrency: 'EUR' },
    ]) {
      const response = await user.browser
        .steal()
        .api('PUT', `/claims/${user.claimId}/accept`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json!.message).toBe('Wrong OTP');
    }
    // A currency the account cannot receive is refused before any code is looked at.
    const pounds = await user.browser.api('PUT', `/claims/${user.claimId}/accept`, {
      otp,
      paymentMethodId: mine,
      targetCurrency: 'GBP',
    });
    expect(pounds.status).toBe(400);
    expect(pounds.json!.message).toMatch(/^CurrencyNotReceivable/);
    const right = await user.browser.api('PUT', `/claims/${user.claimId}/accept`, {
      otp,
      paymentMethodId: mine,
      targetCurrency: 'USD',
    });
    expect(right.status).toBe(200);
    expect(right.json!.data).toMatchObject({
      paymentMethodId: mine,
      status: 'PAYMENT_IN_PROGRESS',
    });
  });

  it('mails every payout method change to the account, in its language', async () => {
    const user = await activatedUser(server);
    expect((await user.browser.api('PATCH', '/me', { preferredLanguage: 'fr' })).status).toBe(200);
    const before = (await outbox(server, user.email)).length;
    const first = await addBank(user.browser);
    const second = await addBank(user.browser, { nickname: 'Second' });
    await user.browser.api('PUT', `/payment-methods/bank-accounts/${second}`, {
      ...ACH,
      nickname: 'Renamed',
    });
    await user.browser.api('POST', '/payment-methods/preferred', { id: second });
    await user.browser.api('DELETE', `/payment-methods/bank-accounts/${first}`);
    const notices = (await outbox(server, user.email)).slice(0, -before || undefined);
    const texts = notices.map((m) => m.text);
    expect(
      notices.every(
        (m) => m.subject === 'Acme Refunds: Un moyen de paiement a été modifié sur votre compte',
      ),
    ).toBe(true);
    for (const what of ['ajouté', 'modifié', 'défini comme moyen de paiement préféré', 'supprimé'])
      expect(
        texts.some((t) => t.includes(what)),
        what,
      ).toBe(true);
    expect(notices).toHaveLength(5);
    expect(texts.every((t) => t.includes('Si ce n’était pas vous'))).toBe(true);
    // The time is written for French ("le 25 novembre 2026 à 09:10 UTC"), not as an ISO string.
    expect(texts.every((t) => /le \d{1,2} \p{L}+ \d{4}/u.test(t))).toBe(true);
  });

  it('lets a re-requested code replace the open one: the first no longer works, only the redeemed one counts as spent', async () => {
    const user = await activatedUser(server);
    const mine = await addBank(user.browser);
    const request = () =>
      user.browser.api('POST', `/claims/${user.claimId}/accept/otp`, {
        paymentMethodId: mine,
        targetCurrency: 'USD',
      });
    await request();
    const first = await latestOtp(server, user.email);
    await request();
    const second = await latestOtp(server, user.email);
    const accept = (otp: string) =>
      user.browser.api('PUT', `/claims/${user.claimId}/accept`, {
        otp,
        paymentMethodId: mine,
        targetCurrency: 'USD',
      });
    if (first !== second) expect((await accept(first)).json!.message).toBe('Wrong OTP');
    expect((await accept(second)).status).toBe(200);
    const rows = rowsOf<{ used: number; replaced: number }>(
      await server.database.db.execute(
        sql`select count(used_at)::int as used, count(replaced_at)::int as replaced
              from one_time_codes where profile_id = ${user.profileId}
              and purpose = 'CLAIM_ACCEPTANCE'`,
      ),
    );
    expect(rows[0]).toEqual({ used: 1, replaced: 1 });
  });

  it('keeps counting wrong codes across resends, then locks the codes with a clear message', async () => {
    const user = await activatedUser(server);
    const mine = await addBank(user.browser);
    let last: { status: number; message?: string } = { status: 0 };
    for (let i = 0; i < 4; i++) {
      // A new code each round: the per-code limit of 5 never trips, the per-account one does.
      await user.browser.api('POST', `/claims/${user.claimId}/accept/otp`, {
        paymentMethodId: mine,
        targetCurrency: 'USD',
      });
      for (let j = 0; j < 3; j++) {
        const response = await user.browser.api('PUT', `/claims/${user.claimId}/accept`, {
          otp: '000000',
          paymentMethodId: mine,
          targetCurrency: 'USD',
        });
        last = { status: response.status, message: response.json?.message };
      }
    }
    expect(last.status).toBe(429);
    expect(last.message).toMatch(/^TooManyAttempts/);
    // Even the right code of a fresh request is refused now.
    const locked = await acceptTo(server, user, mine);
    expect(locked.status).toBe(429);
  });

  it('refuses cancelling and preferring outside the statuses that allow accepting', async () => {
    const user = await activatedUser(server);
    const first = await addBank(user.browser);
    await addBank(user.browser, { nickname: 'Second' });
    // A changed identity sends the profile back to proofing: nothing moves money meanwhile.
    const changed = await user.browser.api('PATCH', '/me', {
      profileType: 'PERSON',
      person: { ...PERSON, lastName: 'Other' },
      addresses: [US_ADDRESS],
    });
    expect((changed.json!.data as { status: string }).status).toBe('VERIFIED');
    const cancel = await user.browser.api('PUT', `/claims/${user.claimId}/cancel`);
    expect(cancel.status).toBe(409);
    expect(cancel.json!.message).toMatch(/^ProfileNotActivated/);
    const prefer = await user.browser.api('POST', '/payment-methods/preferred', { id: first });
    expect(prefer.status).toBe(409);
    expect(prefer.json!.message).toMatch(/^ProfileNotActivated/);
    // ON_HOLD forbids deleting only (spec section 6): preferring still works, cancelling does not.
    await user.browser.api('POST', '/id-proofing/start');
    await adminCall(server, 'PUT', `/profiles/${user.profileId}/status`, { status: 'ON_HOLD' });
    expect((await user.browser.api('PUT', `/claims/${user.claimId}/cancel`)).status).toBe(409);
    expect(
      (await user.browser.api('POST', '/payment-methods/preferred', { id: first })).status,
    ).toBe(200);
  });
});
