// The claims domain module without HTTP (issue 30): the user and their payout method are set up
// through the API as in life, then domain/claims.ts is called directly, the way its routes do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimsDomain, type ClaimsDomain } from '../../../src/server/domain/claims';
import {
  addBankAccount,
  activatedUser,
  createClaim,
  latestOtp,
  startTestApp,
  uniqueEmail,
  type TestApp,
} from '../../api/support/harness';
import { US_ACH as ACH } from '../../fixtures/payout-methods';

describe('domain/claims', () => {
  let t: TestApp;
  let claims: ClaimsDomain;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    claims = claimsDomain(t.app.deps);
  });
  afterAll(async () => t?.close());

  async function userWithMethods() {
    const user = await activatedUser(t.app);
    const add = (nickname: string) => addBankAccount(user.browser, { ...ACH, nickname });
    return { ...user, checking: await add('Checking'), spare: await add('Spare') };
  }

  it('pays exactly once when the same acceptance runs five times at once', async () => {
    const user = await userWithMethods();
    const choice = { paymentMethodId: user.checking };
    await claims.sendAcceptanceCode(user.profileId, user.claimId, choice, 'localhost');
    const otp = await latestOtp(t.app, user.email);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        claims.accept(user.profileId, user.claimId, { ...choice, otp }),
      ),
    );
    expect(results.filter((r) => r.acceptedNow)).toHaveLength(1);
    for (const { claim } of results) {
      expect(claim.status).toBe('PAYMENT_IN_PROGRESS');
      expect(claim.paymentMethodId).toBe(user.checking);
    }
    // Another destination on the accepted claim is refused, and so is cancelling it.
    await expect(
      claims.accept(user.profileId, user.claimId, { paymentMethodId: user.spare, otp }),
    ).rejects.toThrow(/^ClaimNotAcceptable/);
    await expect(claims.cancel(user.profileId, user.claimId)).rejects.toThrow(
      /^ClaimNotCancellable/,
    );
  });

  it('binds the code to the destination it was sent for', async () => {
    const user = await userWithMethods();
    await claims.sendAcceptanceCode(
      user.profileId,
      user.claimId,
      { paymentMethodId: user.checking },
      'localhost',
    );
    const otp = await latestOtp(t.app, user.email);
    await expect(
      claims.accept(user.profileId, user.claimId, { paymentMethodId: user.spare, otp }),
    ).rejects.toThrow();
    expect((await claims.status(user.profileId, user.claimId)).status).toBe('CLAIM_CREATED');
  });

  it("attaches only a claim sent to the user's own email", async () => {
    const user = await activatedUser(t.app);
    const someoneElses = await createClaim(t.app, uniqueEmail('other'));
    await expect(claims.attach(user.profileId, someoneElses.claim.id)).rejects.toThrow(
      /^ClaimNotFound/,
    );
    const second = await createClaim(t.app, user.email);
    expect((await claims.attach(user.profileId, second.claim.id)).id).toBe(second.claim.id);
    expect((await claims.list(user.profileId)).map((c) => c.id)).toContain(second.claim.id);
    expect(await claims.status(user.profileId)).toEqual({ total: 2, acceptable: 2 });
    // Claims leave the domain in their API shape: the merchant named, amounts as decimals.
    const listed = await claims.list(user.profileId);
    expect(listed[0]).toMatchObject({
      merchantName: expect.any(String),
      amount: expect.any(String),
    });
    expect((await user.browser.api('GET', '/claims')).body.data).toEqual(listed);
  });

  it('cancels a claim that can still be accepted', async () => {
    const user = await activatedUser(t.app);
    expect((await claims.cancel(user.profileId, user.claimId)).status).toBe('CANCELLED');
    expect(await claims.status(user.profileId)).toEqual({ total: 1, acceptable: 0 });
  });
});
