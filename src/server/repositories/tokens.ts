// Invitation tokens (a claim invitation or a guardian invitation). They expire after
// INVITATION_TTL_DAYS (default 30): a link found in an old mailbox must not open an account.
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client';
import { guardians, tokens } from '../db/schema';
import { ApiError, notFound } from '../errors';

export type TokenRow = typeof tokens.$inferSelect;
export type NewToken = typeof tokens.$inferInsert;

/** A new invitation token's id: 18 random bytes, base64url (what isTokenShaped accepts). */
export const newInvitationTokenId = (): string => randomBytes(18).toString('base64url');

export async function insertInvitationToken(db: Database, values: NewToken): Promise<void> {
  await db.insert(tokens).values(values);
}

/** The unused token with this id, expired or not. */
export async function findUnusedToken(db: Database, id: string): Promise<TokenRow | undefined> {
  const [token] = await db
    .select()
    .from(tokens)
    .where(and(eq(tokens.id, id), isNull(tokens.usedAt)));
  return token;
}

export const invitationExpiry = (ttlDays: number, now = Date.now()): Date =>
  new Date(now + ttlDays * 24 * 60 * 60 * 1000);

export const isExpired = (token: Pick<TokenRow, 'expiresAt'>, now = Date.now()): boolean =>
  token.expiresAt !== null && token.expiresAt.getTime() <= now;

export const tokenExpired = () =>
  new ApiError(410, 'TokenExpired: this invitation has expired; ask the sender for a new one');

/** A guardian invitation the minor replaced with a new one (domain/guardians.ts): gone for good. */
export const invitationWithdrawn = () =>
  new ApiError(
    410,
    'InvitationWithdrawn: the minor replaced this guardian invitation with a new one',
  );

/**
 * Refuses a token that no longer opens anything: expired (410 TokenExpired), or the invitation of a
 * guardian the minor has since replaced (410 InvitationWithdrawn).
 */
export async function assertTokenLive(db: Database, token: TokenRow): Promise<void> {
  if (isExpired(token)) throw tokenExpired();
  if (!token.guardianId) return;
  const [guardian] = await db
    .select({ withdrawnAt: guardians.withdrawnAt })
    .from(guardians)
    .where(eq(guardians.id, token.guardianId));
  if (!guardian || guardian.withdrawnAt) throw invitationWithdrawn();
}

/**
 * Invitation tokens are base64url and claim ids UUIDs: anything else (a NUL byte, which
 * PostgreSQL refuses in text and would turn into a 500) is no invitation, without a query.
 */
export const isTokenShaped = (id: string): boolean => /^[\w-]{1,128}$/.test(id);

/** The token with this id, refused as assertTokenLive says; a missing one answers 404. */
export async function getLiveToken(db: Database, id: string): Promise<TokenRow> {
  if (!isTokenShaped(id)) throw notFound('TokenNotFound: no such invitation');
  const [token] = await db.select().from(tokens).where(eq(tokens.id, id));
  if (!token) throw notFound('TokenNotFound: no such invitation');
  await assertTokenLive(db, token);
  return token;
}

/**
 * A claim's own id works as its invitation (the register link carries claim_id) for as long as its
 * invitation token lives.
 */
export async function assertClaimInvitationLive(db: Database, claimId: string): Promise<void> {
  const rows = await db
    .select({ expiresAt: tokens.expiresAt })
    .from(tokens)
    .where(eq(tokens.claimId, claimId));
  if (rows.length && rows.every((t) => isExpired(t))) throw tokenExpired();
}

/** Condition: the token is not expired (for queries that list live invitations). */
export const liveToken = () => or(isNull(tokens.expiresAt), gt(tokens.expiresAt, new Date()));
export const unusedLiveToken = (id: string) =>
  and(eq(tokens.id, id), isNull(tokens.usedAt), liveToken());

/** An invitation's link is spent once its claim is attached (a second use changes nothing). */
export async function markTokenUsed(db: Database, id: string): Promise<void> {
  await db
    .update(tokens)
    .set({ usedAt: new Date() })
    .where(and(eq(tokens.id, id), isNull(tokens.usedAt)));
}

/** Every invitation of a claim is spent once an account registered for it. */
export async function markClaimTokensUsed(db: Database, claimId: string): Promise<void> {
  await db.update(tokens).set({ usedAt: new Date() }).where(eq(tokens.claimId, claimId));
}
