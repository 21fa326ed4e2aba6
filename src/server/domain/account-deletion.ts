// Deleting one's account (DELETE /me, issue 29): the password is asked again, counted against
// guessing exactly as at sign-in (a stolen session must not make deletion, or the password, cheap
// to try); nothing is deleted while the profile is on hold (the status table's deleteAccount) or
// while a claim is being paid (the payment needs the payout method it was accepted to). What goes
// goes in one transaction: the profile with what hangs on it (addresses, phones, payout methods,
// codes, sessions, documents, guardian links), the card vault's entries of its debit cards, its
// password reset links and the mails not yet sent to it. What is kept is listed in README
// ("Deleting an account"): claims and payment records, without the account.
import type { Database } from '../db/client';
import { ApiError, conflict, forbidden } from '../errors';
import { detachClaimsOf, hasClaimIn } from '../repositories/claims';
import { dropUnsentMailTo } from '../repositories/outbox';
import { deleteResetTokensOf } from '../repositories/password-reset';
import { lockPaymentMethodsOf } from '../repositories/payment-methods';
import { deleteProfile, getProfile } from '../repositories/profiles';
import type { CardVault } from '../services/card-vault';
import { verifyPassword } from '../services/passwords';
import { afterFailure, minutesToWait, recordSuccess, returnAttempt, takeAttempt } from './sign-in';
import type { SignInGate } from './sign-in';
import { assertMay } from './status-policy';

/** Claim statuses in which the money is on its way to the method the claim was accepted to. */
export const PAID_CLAIM_STATUSES = ['PAYMENT_IN_PROGRESS'] as const;

/** Refuses (409) while the status table withholds deletion or a claim of the profile is in payment. */
async function assertDeletable(db: Database, profileId: string, status: string): Promise<void> {
  assertMay(status, 'deleteAccount');
  if (await hasClaimIn(db, profileId, PAID_CLAIM_STATUSES))
    throw conflict(
      'AccountNotDeletable: a claim is being paid to a payout method of this account; it can be deleted once the payment is made',
    );
}

/** A wrong password has locked further tries, for a while or until the emailed unlock code. */
function lockedError(gate: Exclude<SignInGate, { state: 'open' }>): ApiError {
  if (gate.state === 'hardLocked')
    return new ApiError(
      429,
      'AccountLocked: too many wrong passwords; sign-in is locked until the code mailed from the sign-in page unlocks it',
    );
  const minutes = minutesToWait(gate.retryAfterSeconds);
  return new ApiError(
    429,
    `PasswordLocked: too many wrong passwords; try again in ${minutes} minutes`,
  );
}

/**
 * The account's password, checked as sign-in checks it: the attempt is counted before the hash is
 * compared (parallel guesses meet the lock), a right password clears the count, a wrong one is
 * 403 WrongPassword (or the lock it earned, 429).
 */
async function assertPassword(
  db: Database,
  profile: { id: string; passwordHash: string },
  password: string,
): Promise<void> {
  const attempt = await takeAttempt(db, profile.id);
  if (attempt.gate.state !== 'open') throw lockedError(attempt.gate);
  const matches = await verifyPassword(password, profile.passwordHash).catch(
    async (error: unknown) => {
      // Never compared (busy, database down): not a failure of the person's.
      await returnAttempt(db, profile.id).catch(() => {});
      throw error;
    },
  );
  if (!matches) {
    const after = await afterFailure(db, profile.id, attempt.failures);
    if (after.gate.state !== 'open') throw lockedError(after.gate);
    throw forbidden('WrongPassword: the password does not match the account');
  }
  await recordSuccess(db, profile, password);
}

/**
 * Deletes the account after checking its status, its claims and the password; answers nothing,
 * throws the refusal. The checks run again under the profile's and its payout methods' row locks,
 * so a claim accepted meanwhile (which locks its method) either lands first and refuses the
 * deletion, or finds the method gone.
 */
export async function deleteAccount(
  db: Database,
  cardVault: CardVault,
  profileId: string,
  password: string,
): Promise<void> {
  const profile = await getProfile(db, profileId);
  // Refusals that need no secret come first: no password work, no attempt counted.
  await assertDeletable(db, profileId, profile.status);
  await assertPassword(db, profile, password);

  await db.transaction(async (tx) => {
    const row = await getProfile(tx, profileId, true);
    const methods = await lockPaymentMethodsOf(tx, profileId);
    await assertDeletable(tx, profileId, row.status);

    for (const { vaultToken } of methods) if (vaultToken) await cardVault.remove(tx, vaultToken);
    await deleteResetTokensOf(tx, row.email);
    await dropUnsentMailTo(tx, row.email);
    // Claims and their payment records stay, without the account (README).
    await detachClaimsOf(tx, profileId);
    // Addresses, phones, payout methods, codes, sessions and documents go with it (cascade).
    await deleteProfile(tx, profileId);
  });
}
