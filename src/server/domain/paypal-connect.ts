// The `state` of a PayPal connection: 32 random bytes handed to PayPal with the person, stored
// hashed (one_time_codes, purpose PAYPAL_CONNECT) and bound to the session that asked for it. The
// callback spends it once, within 10 minutes, in the same session: a return this session did not
// start, a replayed return and a late one are refused before PayPal is asked for anything.
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../db/client';
import { badRequest } from '../errors';
import {
  findPaypalState,
  spendPaypalStateRow,
  storePaypalState,
} from '../repositories/paypal-states';

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
  await storePaypalState(db, session, hashState(state), new Date(Date.now() + PAYPAL_STATE_TTL_MS));
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
  const row = await findPaypalState(db, session, hashState(state));
  if (!row) throw mismatch();
  if (row.usedAt) throw reused();
  if (row.replacedAt || row.expiresAt.getTime() <= Date.now()) throw mismatch();
  if (!(await spendPaypalStateRow(db, row.id))) throw reused();
}
