// Payout method rows: ownership and usability checks shared by claims and the method routes, and
// the queries of domain/payout-methods (what is frozen by a claim, the list as shown, writes).
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { preparedPerHandle } from '../db/prepared';
import { addresses, claims, paymentMethods, profiles } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { isBankType } from '../../core/payout/bank-fields';
import type { BankAccount } from '../../core/types/entities/bank-account';
import type { DebitCard } from '../../core/types/entities/debit-card';
import type { PaymentMethod } from '../../core/types/entities/payment-method';
import type { Paypal } from '../../core/types/entities/paypal';
import type { Zelle } from '../../core/types/entities/zelle';
import type { PaymentMethodStatus } from '../../core/types/statuses';

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

// ---- writing ---------------------------------------------------------------------------------

/** The columns a payout method is written with; `id` when a sealed value is bound to it first. */
export interface NewPaymentMethod {
  id?: string;
  type: string;
  status?: PaymentMethodStatus;
  details: Record<string, unknown>;
  sealed?: string | null;
  vaultToken?: string | null;
}

/** Inserts a method, not preferred (the caller decides), ACTIVE unless told otherwise. */
export async function insertPaymentMethod(
  tx: Database,
  profileId: string,
  values: NewPaymentMethod,
): Promise<PaymentMethodRow> {
  const [row] = await tx
    .insert(paymentMethods)
    .values({ profileId, status: 'ACTIVE', ...values, preferred: false })
    .returning();
  if (!row) throw new Error('payment method insert returned nothing');
  return row;
}

export async function updatePaymentMethod(
  tx: Database,
  id: string,
  values: Partial<Pick<PaymentMethodRow, 'type' | 'status' | 'details' | 'sealed' | 'preferred'>>,
): Promise<void> {
  await tx
    .update(paymentMethods)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(paymentMethods.id, id));
}

/** The profile's payout methods with their card vault tokens, locked until the transaction ends. */
export async function lockPaymentMethodsOf(
  tx: Database,
  profileId: string,
): Promise<{ id: string; vaultToken: string | null }[]> {
  return tx
    .select({ id: paymentMethods.id, vaultToken: paymentMethods.vaultToken })
    .from(paymentMethods)
    .where(eq(paymentMethods.profileId, profileId))
    .for('update');
}

export async function deletePaymentMethod(tx: Database, id: string): Promise<void> {
  await tx.delete(paymentMethods).where(eq(paymentMethods.id, id));
}

export async function countPaymentMethods(
  tx: Database,
  profileId: string,
  type: string,
): Promise<number> {
  return (
    await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.profileId, profileId), eq(paymentMethods.type, type)))
  ).length;
}

// ---- what the rules read -----------------------------------------------------------------------

/** The country of the profile's first address (where residency is not stated). */
export async function addressCountryOf(
  db: Database,
  profileId: string,
): Promise<string | undefined> {
  const [address] = await db
    .select()
    .from(addresses)
    .where(eq(addresses.profileId, profileId))
    .limit(1);
  return address?.fields.countryCode;
}

/** Who is told of a change of payout methods: the account's email, language and merchant. */
export async function noticeRecipientOf(tx: Database, profileId: string) {
  const [profile] = await tx
    .select({
      email: profiles.email,
      language: profiles.preferredLanguage,
      merchantId: profiles.merchantId,
    })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  return profile;
}

/** Claim statuses in which the chosen payout method must not change. */
export const PAYMENT_PENDING_STATUSES = ['PAYMENT_IN_PROGRESS'] as const;

/** Ids among `methodIds` that a claim in progress points to. */
export async function lockedMethodIds(db: Database, methodIds: string[]): Promise<Set<string>> {
  if (!methodIds.length) return new Set();
  const rows = await db
    .select({ id: claims.paymentMethodId })
    .from(claims)
    .where(
      and(
        inArray(claims.paymentMethodId, methodIds),
        inArray(claims.status, [...PAYMENT_PENDING_STATUSES]),
      ),
    );
  return new Set(rows.map((r) => r.id).filter((id): id is string => id !== null));
}

/** Takes the method's row lock (a concurrent acceptance of the method takes the same). */
export async function lockPaymentMethodRow(tx: Database, methodId: string): Promise<void> {
  await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(eq(paymentMethods.id, methodId))
    .for('update');
}

/** A payout method as the list shows it: frozen or not. */
export interface DisplayedMethod {
  row: PaymentMethodRow;
  lockedByClaim: boolean;
}

// Kept as fragments of their own: drizzle unqualifies the columns at the top level of a selected
// expression in a one-table query, which would bind them to the subquery's own table.
/** As lockedMethodIds: a claim whose payment is in progress points to the method. */
const lockedByClaim = sql`exists (select 1 from ${claims} where ${claims.paymentMethodId} = ${paymentMethods.id} and ${inArray(claims.status, [...PAYMENT_PENDING_STATUSES])})`;
/** As residencyOf: the owner's residency (person, else company), else their first address. */
const ownerResidency = sql`(select coalesce(nullif(coalesce(${profiles.person} ->> 'residency', ${profiles.company} ->> 'residency'), ''), (select ${addresses.fields} ->> 'countryCode' from ${addresses} where ${addresses.profileId} = ${profiles.id} limit 1)) from ${profiles} where ${profiles.id} = ${paymentMethods.profileId})`;

const displayColumns = {
  method: paymentMethods,
  locked: sql<boolean>`${lockedByClaim}`,
  residency: sql<string | null>`${ownerResidency}`,
};
const prepareDisplayAll = (db: Database) =>
  db
    .select(displayColumns)
    .from(paymentMethods)
    .where(eq(paymentMethods.profileId, sql.placeholder('profileId')))
    .orderBy(paymentMethods.createdAt)
    .prepare('payout_methods_display');
const prepareDisplayOne = (db: Database) =>
  db
    .select(displayColumns)
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.profileId, sql.placeholder('profileId')),
        eq(paymentMethods.id, sql.placeholder('id')),
      ),
    )
    .prepare('payout_method_display');
// Each built when first used: a write answers from its own transaction (a new handle each
// time), which needs only the one-method query.
const displayAll = preparedPerHandle(prepareDisplayAll);
const displayOne = preparedPerHandle(prepareDisplayOne);

/**
 * A profile's payout methods in the order they were added (or only the one `onlyId` names), each
 * marked when frozen, with the residency their currencies depend on: one query for what took three.
 */
export async function displayedMethods(
  db: Database,
  profileId: string,
  onlyId?: string,
): Promise<{ methods: DisplayedMethod[]; residency: string | undefined }> {
  const found =
    onlyId === undefined
      ? await displayAll(db).execute({ profileId })
      : await displayOne(db).execute({ profileId, id: onlyId });
  return {
    methods: found.map((f) => ({ row: f.method, lockedByClaim: Boolean(f.locked) })),
    residency: found[0]?.residency ?? undefined,
  };
}
