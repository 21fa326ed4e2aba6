// Claims and their API shape. Upcoming statuses (spec section 4) can still be accepted or cancelled.
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { claims } from '../db/schema';
import type { Claim } from '../../core/types/entities/claim';
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

/** "125.5000" → "125.50": at least two decimals, no trailing zeros beyond them. */
export const formatAmount = (value: string): string => {
  const [whole = '0', fraction = ''] = value.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return `${whole}.${trimmed.padEnd(2, '0')}`;
};

export function toClaimDto(row: ClaimRow, merchants: MerchantDirectory): Claim {
  return {
    id: row.id,
    status: row.status as Claim['status'],
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
