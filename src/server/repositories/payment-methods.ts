// Payout method rows: ownership and usability checks shared by claims and the method routes.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { paymentMethods } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import type { BankAccount } from '../../core/types/entities/bank-account';
import type { DebitCard } from '../../core/types/entities/debit-card';
import type { PaymentMethod } from '../../core/types/entities/payment-method';
import type { Paypal } from '../../core/types/entities/paypal';
import type { Zelle } from '../../core/types/entities/zelle';

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
    .where(and(eq(paymentMethods.id, paymentMethodId), eq(paymentMethods.profileId, profileId)))
    // Locked until the acceptance commits, so the method cannot be changed or deleted meanwhile.
    .for('update');
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

// ---- reading and shaping ----------------------------------------------------------------------

export const BANK_TYPES = ['ACH', 'WIRE', 'RTP'] as const;
export const isBankType = (type: string): boolean =>
  (BANK_TYPES as readonly string[]).includes(type);

/** "•••• 6789": only the last four characters of a number stay readable. */
export const maskTail = (value: string, visible = 4): string =>
  value.length <= visible ? '•'.repeat(value.length) : `•••• ${value.slice(-visible)}`;

/** "DE89 •••• 3000": country and check digits, then the last four, as banks print them. */
export function maskIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  return `${compact.slice(0, 4)} •••• ${compact.slice(-4)}`;
}

export function toPaymentMethodDto(row: PaymentMethodRow): PaymentMethod {
  const d = row.details as Record<string, unknown>;
  const base = { id: row.id, preferred: row.preferred };
  if (isBankType(row.type)) {
    return {
      type: row.type as 'ACH',
      bankAccount: { ...base, ...(d as object), transferMethod: row.type } as BankAccount,
    };
  }
  switch (row.type) {
    case 'DEBIT_CARD':
      return { type: 'DEBIT_CARD', debitCard: { ...base, ...(d as object) } as DebitCard };
    case 'Paypal':
      return { type: 'Paypal', paypal: { ...base, ...(d as object) } as Paypal };
    case 'ZELLE':
      return { type: 'ZELLE', zelle: { ...base, ...(d as object), status: row.status } as Zelle };
    default:
      return { type: 'PHYSICAL_CHECK', physicalCheck: base };
  }
}

export async function listPaymentMethods(
  db: Database,
  profileId: string,
): Promise<PaymentMethodRow[]> {
  return db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.profileId, profileId))
    .orderBy(paymentMethods.createdAt);
}

export async function getOwnPaymentMethod(
  db: Database,
  profileId: string,
  id: string,
  types: readonly string[],
): Promise<PaymentMethodRow> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(sql`${paymentMethods.id}::text = ${id}`, eq(paymentMethods.profileId, profileId)))
    .for('update');
  if (!row || !types.includes(row.type))
    throw notFound('PaymentMethodNotFound: no such payout method');
  return row;
}

/**
 * Keeps exactly one preferred method among the usable ones: when none is preferred, the most
 * recently added usable method becomes preferred (so deleting the preferred one promotes the
 * newest remaining one). A Zelle token awaiting its code is never preferred.
 */
export async function ensurePreferred(tx: Database, profileId: string): Promise<void> {
  // Asked of the database rather than by listing every method: a user may hold many.
  const [preferred] = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.profileId, profileId), eq(paymentMethods.preferred, true)))
    .limit(1);
  if (preferred) return;
  const [candidate] = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.profileId, profileId), eq(paymentMethods.status, 'ACTIVE')))
    .orderBy(desc(paymentMethods.createdAt))
    .limit(1);
  if (candidate)
    await tx
      .update(paymentMethods)
      .set({ preferred: true })
      .where(eq(paymentMethods.id, candidate.id));
}

export async function setPreferred(tx: Database, profileId: string, id: string): Promise<void> {
  await tx
    .update(paymentMethods)
    .set({ preferred: false })
    .where(and(eq(paymentMethods.profileId, profileId), eq(paymentMethods.preferred, true)));
  await tx.update(paymentMethods).set({ preferred: true }).where(eq(paymentMethods.id, id));
}

/** What a bank account's sealed numbers are bound to: its own row (AES-GCM additional data). */
export const sealedBinding = (methodId: string): string => `payment_methods:${methodId}`;
