// Claims and their API shape. Upcoming statuses (spec section 4) can still be accepted or cancelled.
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { claims } from '../db/schema';
import type { Claim } from '../../core/types/entities/claim';
import type { ClaimStatus } from '../../core/types/entities/claim-status';
import type { MerchantDirectory } from '../services/merchants';
import { notFound } from '../errors';

export const UPCOMING_CLAIM_STATUSES = [
  'CLAIM_CREATED',
  'CLAIM_ON_HOLD',
  'CLAIM_ACKNOWLEDGED',
  'PAYMENT_IN_PROGRESS',
] as const;
/** Statuses from which a claim may still be accepted or cancelled. */
export const ACCEPTABLE_CLAIM_STATUSES = ['CLAIM_CREATED', 'CLAIM_ACKNOWLEDGED'] as const;

export type ClaimRow = typeof claims.$inferSelect;
export type NewClaim = typeof claims.$inferInsert;

export async function insertClaim(db: Database, values: NewClaim): Promise<ClaimRow> {
  const [claim] = await db.insert(claims).values(values).returning();
  if (!claim) throw new Error('claim insert returned nothing');
  return claim;
}

/** "125.5000" → "125.50": at least two decimals, no trailing zeros beyond them. */
export const formatAmount = (value: string): string => {
  const [whole = '0', fraction = ''] = value.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return `${whole}.${trimmed.padEnd(2, '0')}`;
};

export function toClaimDto(row: ClaimRow, merchants: MerchantDirectory): Claim {
  return {
    id: row.id,
    status: row.status,
    amount: formatAmount(row.amount),
    currency: row.currency,
    merchantName:
      merchants.byId(row.merchantId)?.configuration.branding.merchantName ?? row.merchantId,
    createdAt: row.createdAt.toISOString(),
    ...(row.acceptedAt ? { acceptedAt: row.acceptedAt.toISOString() } : {}),
    ...(row.paymentMethodId ? { paymentMethodId: row.paymentMethodId } : {}),
    ...(row.destination ? { destination: row.destination } : {}),
    ...(row.targetCurrency ? { targetCurrency: row.targetCurrency } : {}),
    ...(row.targetAmount ? { targetAmount: formatAmount(row.targetAmount) } : {}),
    ...(row.exchangeRate
      ? { exchangeRate: row.exchangeRate.replace(/0+$/, '').replace(/\.$/, '') }
      : {}),
  } as Claim;
}

/** The caller's own claim; another user's claim is indistinguishable from a missing one. */
export async function getOwnClaim(
  db: Database,
  profileId: string,
  claimId: string,
  forUpdate = false,
): Promise<ClaimRow> {
  const query = db
    .select()
    .from(claims)
    .where(and(sql`${claims.id}::text = ${claimId}`, eq(claims.profileId, profileId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound('ClaimNotFound: no such claim');
  return row;
}

export const isAcceptable = (status: string): boolean =>
  (ACCEPTABLE_CLAIM_STATUSES as readonly string[]).includes(status);

/** A profile's claims, newest first. */
export async function listClaimsOf(db: Database, profileId: string): Promise<ClaimRow[]> {
  return db
    .select()
    .from(claims)
    .where(eq(claims.profileId, profileId))
    .orderBy(desc(claims.createdAt));
}

/** A claim by id, whoever it belongs to (attaching one reads it before it is the caller's). */
export async function findClaim(
  db: Database,
  claimId: string,
  forUpdate = false,
): Promise<ClaimRow | undefined> {
  const query = db
    .select()
    .from(claims)
    .where(sql`${claims.id}::text = ${claimId}`);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function attachClaimTo(db: Database, claimId: string, profileId: string) {
  await db.update(claims).set({ profileId }).where(eq(claims.id, claimId));
}

/** Every claim sent to this email that no account has yet becomes this profile's (registration). */
export async function attachClaimsSentTo(db: Database, email: string, profileId: string) {
  await db
    .update(claims)
    .set({ profileId })
    .where(sql`lower(${claims.email}) = ${email.toLowerCase()} and ${claims.profileId} is null`);
}

/** The statuses of a profile's claims. */
export async function claimStatusesOf(db: Database, profileId: string): Promise<string[]> {
  const rows = await db
    .select({ status: claims.status })
    .from(claims)
    .where(eq(claims.profileId, profileId));
  return rows.map((r) => r.status);
}

/**
 * Moves a still acceptable claim to PAYMENT_IN_PROGRESS with what was accepted; undefined when it
 * is no longer acceptable (the status condition makes acceptance happen once under concurrency).
 */
export async function markClaimAccepted(
  db: Database,
  claimId: string,
  accepted: Pick<
    ClaimRow,
    | 'paymentMethodId'
    | 'targetCurrency'
    | 'targetAmount'
    | 'exchangeRate'
    | 'destination'
    | 'destinationSealed'
  >,
): Promise<ClaimRow | undefined> {
  const now = new Date();
  const [row] = await db
    .update(claims)
    .set({ ...accepted, status: 'PAYMENT_IN_PROGRESS', acceptedAt: now, updatedAt: now })
    .where(and(eq(claims.id, claimId), inArray(claims.status, [...ACCEPTABLE_CLAIM_STATUSES])))
    .returning();
  return row;
}

export async function markClaimCancelled(db: Database, claimId: string): Promise<ClaimRow> {
  const [row] = await db
    .update(claims)
    .set({ status: 'CANCELLED', updatedAt: new Date() })
    .where(eq(claims.id, claimId))
    .returning();
  if (!row) throw notFound('ClaimNotFound: no such claim');
  return row;
}

/** Whether a claim of the profile is in one of these statuses. */
export async function hasClaimIn(
  db: Database,
  profileId: string,
  statuses: readonly ClaimStatus[],
): Promise<boolean> {
  const found = await db
    .select({ id: claims.id })
    .from(claims)
    .where(and(eq(claims.profileId, profileId), inArray(claims.status, [...statuses])))
    .limit(1);
  return found.length > 0;
}

/** The profile's claims stay, without it (its account is deleted). */
export async function detachClaimsOf(tx: Database, profileId: string): Promise<void> {
  await tx.update(claims).set({ profileId: null }).where(eq(claims.profileId, profileId));
}

/**
 * The claims in payment accepted in [since, until) (either bound optional), oldest acceptance
 * first, locked until the transaction ends.
 */
export async function lockClaimsInPayment(
  tx: Database,
  accepted: { since?: Date; until?: Date },
): Promise<ClaimRow[]> {
  return tx
    .select()
    .from(claims)
    .where(
      and(
        eq(claims.status, 'PAYMENT_IN_PROGRESS'),
        accepted.since ? gte(claims.acceptedAt, accepted.since) : undefined,
        accepted.until ? lt(claims.acceptedAt, accepted.until) : undefined,
      ),
    )
    .orderBy(asc(claims.acceptedAt), asc(claims.id))
    .for('update');
}
