// The `state` of a PayPal connection: 32 random bytes handed to PayPal with the person, stored
// hashed (one_time_codes, purpose PAYPAL_CONNECT) and bound to the session that asked for it. The
// callback spends it once, within 10 minutes, in the same session: a return this session did not
// start, a replayed return and a late one are refused before PayPal is asked for anything.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { oneTimeCodes } from '../db/schema';
import { badRequest } from '../errors';

const PURPOSE = 'PAYPAL_CONNECT';
export const PAYPAL_STATE_TTL_MS = 10 * 60 * 1000;

const hashState = (state: string): string => createHash('sha256').update(state).digest('hex');

export interface ConnectingSession {
  profileId: string;
  /** The session's id hash: the state is good in this session only. */
  idHash: string;
}

/** A new state for this session; an open one it replaces is no longer accepted. */
export async function issuePaypalState(db: Database, session: ConnectingSession): Promise<string> {
  const state = randomBytes(32).toString('base64url');
  const open = [
    eq(oneTimeCodes.profileId, session.profileId),
    eq(oneTimeCodes.purpose, PURPOSE),
    eq(oneTimeCodes.subject, session.idHash),
    isNull(oneTimeCodes.usedAt),
    isNull(oneTimeCodes.replacedAt),
  ];
  await db.transaction(async (tx) => {
    await tx
      .update(oneTimeCodes)
      .set({ replacedAt: new Date() })
      .where(and(...open));
    await tx.insert(oneTimeCodes).values({
      profileId: session.profileId,
      purpose: PURPOSE,
      subject: session.idHash,
      prefix: '',
      codeHash: hashState(state),
      expiresAt: new Date(Date.now() + PAYPAL_STATE_TTL_MS),
    });
  });
  return state;
}

const mismatch = () =>
  badRequest('PaypalStateMismatch: this PayPal return was not started here; connect again');
const reused = () =>
  badRequest('PaypalStateReused: this PayPal return was already used; connect again');

/**
 * Spends the state the callback came back with. Unknown, another session's, replaced or expired:
 * PaypalStateMismatch; already spent: PaypalStateReused. Spent in one conditional update, so two
 * returns racing with one state cannot both pass.
 */
export async function spendPaypalState(
  db: Database,
  session: ConnectingSession,
  state: string,
): Promise<void> {
  if (!state) throw mismatch();
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.profileId, session.profileId),
        eq(oneTimeCodes.purpose, PURPOSE),
        eq(oneTimeCodes.subject, session.idHash),
        eq(oneTimeCodes.codeHash, hashState(state)),
      ),
    )
    .limit(1);
  if (!row) throw mismatch();
  if (row.usedAt) throw reused();
  if (row.replacedAt || row.expiresAt.getTime() <= Date.now()) throw mismatch();
  const spent = await db
    .update(oneTimeCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.usedAt)))
    .returning({ id: oneTimeCodes.id });
  if (!spent.length) throw reused();
}
