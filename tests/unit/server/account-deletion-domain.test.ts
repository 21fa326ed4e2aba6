// Deleting one's account without HTTP (issue 29, issue 30): domain/account-deletion.ts asks the
// password again (counted as at sign-in), refuses while the profile is on hold or a claim is being
// paid, and otherwise erases the account while its claims stay. The people, holds, payout methods
// and acceptances are made through the API (and the claims domain) as in life; the deletion is then
// called directly, as DELETE /me does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteAccount } from '../../../src/server/domain/account-deletion';
import { claimsDomain } from '../../../src/server/domain/claims';
import { issueResetToken, isLiveResetToken } from '../../../src/server/domain/password-reset';
import {
  activatedUser,
  addBankAccount,
  admin,
  Browser,
  latestOtp,
  PASSWORD,
  registeredUser,
  startTestApp,
  type TestApp,
} from '../../api/support/harness';
import { US_ACH as ACH } from '../../fixtures/payout-methods';

describe('domain/account-deletion', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(async () => t?.close());

  const remove = (profileId: string, password: string) =>
    deleteAccount(t.app.deps.db, t.app.deps.cardVault, profileId, password);
  const signedIn = async (browser: Browser) => (await browser.api('GET', '/me')).status === 200;

  it('erases the account, its sessions and reset links, and keeps its claim', async () => {
    const user = await registeredUser(t.app);
    const resetLink = (await issueResetToken(t.app.deps.db, {
      id: user.profileId,
      email: user.email,
    }))!;
    await expect(remove(user.profileId, PASSWORD)).resolves.toBeUndefined();

    expect(await signedIn(user.browser)).toBe(false);
    const again = new Browser(t.app);
    await again.signIn(user.email);
    expect(await signedIn(again)).toBe(false);
    expect(await isLiveResetToken(t.app.deps.db, resetLink)).toBe(false);

    // The claim stayed, without the account: the same email registers for it again and finds it.
    const registered = await again.api('POST', '/me', {
      data: { email: user.email, termsAccepted: true },
      password: PASSWORD,
      claimId: user.claimId,
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    await again.signIn(user.email);
    const claims = await again.api<{ id: string }[]>('GET', '/claims');
    expect(claims.body.data.map((c) => c.id)).toEqual([user.claimId]);
  });

  it('refuses a wrong password with 403 and deletes nothing', async () => {
    const user = await registeredUser(t.app);
    await expect(remove(user.profileId, 'Not-the-password-1')).rejects.toMatchObject({
      statusCode: 403,
      message: expect.stringMatching(/^WrongPassword/),
    });
    expect(await signedIn(user.browser)).toBe(true);
  });

  it('counts wrong passwords as sign-in does: the fifth locks, even the right one then', async () => {
    const user = await registeredUser(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push(
        await remove(user.profileId, `Wrong-password-${i}`).then(
          () => 204,
          (error: { statusCode: number }) => error.statusCode,
        ),
      );
    expect(codes).toEqual([403, 403, 403, 403, 429]);
    await expect(remove(user.profileId, PASSWORD)).rejects.toMatchObject({
      statusCode: 429,
      message: expect.stringMatching(/^PasswordLocked/),
    });
    expect(await signedIn(user.browser)).toBe(true);
  });

  it('refuses on hold before looking at the password, and counts no attempt', async () => {
    const user = await activatedUser(t.app);
    const hold = (status: string) =>
      admin(t.app, 'PUT', `/profiles/${user.profileId}/status`, { status });
    expect((await hold('ON_HOLD')).status).toBe(200);
    for (let i = 0; i < 6; i++)
      await expect(remove(user.profileId, `Wrong-password-${i}`)).rejects.toMatchObject({
        statusCode: 409,
        message: expect.stringMatching(/^ProfileOnHold/),
      });
    expect(await signedIn(user.browser)).toBe(true);
    // Released, the right password deletes: the refusals above locked nothing.
    expect((await hold('ACTIVATED')).status).toBe(200);
    await expect(remove(user.profileId, PASSWORD)).resolves.toBeUndefined();
    expect(await signedIn(user.browser)).toBe(false);
  });

  it('refuses while a claim is being paid to one of its payout methods', async () => {
    const user = await activatedUser(t.app);
    const checking = await addBankAccount(user.browser, { ...ACH, nickname: 'Checking' });
    const claims = claimsDomain(t.app.deps);
    await claims.sendAcceptanceCode(
      user.profileId,
      user.claimId,
      { paymentMethodId: checking },
      'localhost',
    );
    const otp = await latestOtp(t.app, user.email);
    await claims.accept(user.profileId, user.claimId, { paymentMethodId: checking, otp });

    await expect(remove(user.profileId, PASSWORD)).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringMatching(/^AccountNotDeletable/),
    });
    expect(await signedIn(user.browser)).toBe(true);
    expect((await user.browser.api('GET', '/payment-methods')).status).toBe(200);
  });
});
