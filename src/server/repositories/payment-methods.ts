// Payout method rows: ownership and usability checks shared by claims and the method routes.
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { paymentMethods } from '../db/schema';
import { badRequest, conflict } from '../errors';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

/** A method the user owns and may be paid with (a Zelle token awaiting its code may not). */
export async function assertUsable(
  db: Database,
  profileId: string,
  paymentMethodId: string,
): Promise<PaymentMethodRow> {
  const [method] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, paymentMethodId), eq(paymentMethods.profileId, profileId)));
  if (!method) {
    throw badRequest('PaymentMethodNotFound: choose one of your payout methods', [
      {
        path: '/paymentMethodId',
        keyword: 'paymentMethod',
        messageKey: 'paymentMethod.unknown',
        params: {},
        message: 'Choose one of your payout methods.',
      },
    ]);
  }
  if (method.status !== 'ACTIVE') {
    throw conflict(
      'PaymentMethodNotUsable: confirm this payout method with its code before using it',
    );
  }
  return method;
}
