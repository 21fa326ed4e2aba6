// A method that a claim in progress (accepted, not yet paid) points to is frozen: no edit, no
// delete, so what is paid is what the user confirmed.
import type { Database } from '../../db/client';
import { conflict } from '../../errors';
import { lockedMethodIds, lockPaymentMethodRow } from '../../repositories/payment-methods';

export const methodLocked = () =>
  conflict(
    'PaymentMethodLocked: a payment in progress goes to this payout method; it can be changed once the payment is made',
  );

/**
 * Refuses to change a method a payment in progress goes to. Call it in the transaction that holds
 * the method's row lock: accepting a claim locks the same row, so the two cannot interleave.
 */
export async function assertNotLockedByClaim(tx: Database, methodId: string): Promise<void> {
  // The row lock orders this change after (or before) a concurrent acceptance of the method.
  await lockPaymentMethodRow(tx, methodId);
  if ((await lockedMethodIds(tx, [methodId])).size) throw methodLocked();
}
