// One-time codes: 6 digits from a CSPRNG shown after a 4-digit prefix, valid 10 minutes, used once,
// bound to a purpose and a subject (the account, a claim + payout method, a Zelle token), at most
// 5 wrong tries. Only a hash is stored.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { oneTimeCodes } from '../db/schema';
import { ApiError, badRequest, tooManyRequests } from '../errors';
import type { Mailer, OutgoingMessage } from './mailer';

export type CodePurpose =
  'ACCOUNT_VERIFICATION' | 'ACCESS' | 'CLAIM_ACCEPTANCE' | 'ZELLE_VERIFICATION' | 'SIGN_IN_UNLOCK';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_WRONG_TRIES = 5;
/**
 * Wrong codes one account may enter per purpose within WRONG_CODE_WINDOW_MS, across every code it
 * asked for: asking for a new code does not buy new guesses.
 */
export const MAX_WRONG_CODES_PER_DAY = 10;
export const WRONG_CODE_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Codes one account may request per purpose within the TTL window. */
export const MAX_CODES_PER_WINDOW = 5;

const digits = (n: number): string => Array.from({ length: n }, () => randomInt(10)).join('');
const hashCode = (id: string, code: string): string =>
  createHash('sha256').update(`${id}:${code}`).digest('hex');

export interface IssuedCode {
  id: string;
  prefix: string;
  code: string;
  expiresAt: Date;
}

export async function issueCode(
  db: Database,
  profileId: string,
  purpose: CodePurpose,
  subject: string,
  requestedPrefix?: string,
): Promise<IssuedCode> {
  const since = new Date(Date.now() - CODE_TTL_MS);
  const recent = await db
    .select({ createdAt: oneTimeCodes.createdAt })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.profileId, profileId), eq(oneTimeCodes.purpose, purpose)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(MAX_CODES_PER_WINDOW);
  if (recent.length >= MAX_CODES_PER_WINDOW && recent.every((r) => r.createdAt > since)) {
    throw tooManyRequests(
      'TooManyRequests: too many codes requested; wait a few minutes and try again',
    );
  }
  const prefix = requestedPrefix && /^\d{4}$/.test(requestedPrefix) ? requestedPrefix : digits(4);
  const code = digits(6);
  const expiresAt = new Date(Date.now() + CODE_TTL_MS);
  // A new code replaces any open one for the same purpose and subject. Replaced is not redeemed:
  // an audit of spent codes counts used_at only.
  await db
    .update(oneTimeCodes)
    .set({ replacedAt: new Date() })
    .where(and(...openCode(profileId, purpose, subject)));
  const [row] = await db
    .insert(oneTimeCodes)
    .values({ profileId, purpose, subject, prefix, codeHash: 'pending', expiresAt })
    .returning({ id: oneTimeCodes.id });
  if (!row) throw new Error('one-time code insert returned nothing');
  await db
    .update(oneTimeCodes)
    .set({ codeHash: hashCode(row.id, code) })
    .where(eq(oneTimeCodes.id, row.id));
  return { id: row.id, prefix, code, expiresAt };
}

/** Neither redeemed nor replaced. */
const openCode = (profileId: string, purpose: CodePurpose, subject: string) => [
  eq(oneTimeCodes.profileId, profileId),
  eq(oneTimeCodes.purpose, purpose),
  eq(oneTimeCodes.subject, subject),
  isNull(oneTimeCodes.usedAt),
  isNull(oneTimeCodes.replacedAt),
];

export const wrongCode = () => badRequest('Wrong OTP');

type Verdict = 'ok' | 'wrong' | 'locked' | 'capped';

/** Wrong codes entered for this account and purpose within the window, over all its codes. */
async function wrongCodesInWindow(
  tx: Database,
  profileId: string,
  purpose: CodePurpose,
): Promise<number> {
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${oneTimeCodes.failedAttempts}), 0)::int` })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.profileId, profileId),
        eq(oneTimeCodes.purpose, purpose),
        gt(oneTimeCodes.createdAt, new Date(Date.now() - WRONG_CODE_WINDOW_MS)),
      ),
    );
  return Number(row?.total ?? 0);
}

async function checkCode(
  tx: Database,
  profileId: string,
  purpose: CodePurpose,
  subject: string,
  code: string,
): Promise<Verdict> {
  const [open] = await tx
    .select()
    .from(oneTimeCodes)
    .where(and(...openCode(profileId, purpose, subject)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1)
    .for('update');
  if ((await wrongCodesInWindow(tx, profileId, purpose)) >= MAX_WRONG_CODES_PER_DAY)
    return 'capped';
  if (!open || open.expiresAt.getTime() < Date.now()) return 'wrong';
  if (open.failedAttempts >= MAX_WRONG_TRIES) return 'locked';
  const expected = Buffer.from(open.codeHash, 'hex');
  const actual = Buffer.from(hashCode(open.id, code), 'hex');
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
    await tx
      .update(oneTimeCodes)
      .set({ failedAttempts: open.failedAttempts + 1 })
      .where(eq(oneTimeCodes.id, open.id));
    return 'wrong';
  }
  await tx.update(oneTimeCodes).set({ usedAt: new Date() }).where(eq(oneTimeCodes.id, open.id));
  return 'ok';
}

/**
 * Redeems the open code for this purpose and subject and runs `action` in the same transaction,
 * so the code is spent exactly when the action commits. A wrong try is counted (and committed)
 * even though the request fails. Wrong, expired, used and missing codes all answer "Wrong OTP";
 * after 5 wrong tries the code is locked.
 */
export async function redeemCode<T>(
  db: Database,
  target: { profileId: string; purpose: CodePurpose; subject: string; code: string },
  action: (tx: Database) => Promise<T>,
): Promise<T> {
  const outcome = await db.transaction(async (tx) => {
    const verdict = await checkCode(
      tx,
      target.profileId,
      target.purpose,
      target.subject,
      target.code,
    );
    return verdict === 'ok' ? { verdict, value: await action(tx) } : { verdict };
  });
  if (outcome.verdict === 'capped') {
    throw new ApiError(
      429,
      `TooManyAttempts: ${MAX_WRONG_CODES_PER_DAY} wrong codes were entered within 24 hours; try again tomorrow or contact support`,
    );
  }
  if (outcome.verdict === 'locked') {
    throw new ApiError(
      429,
      'TooManyAttempts: this code is locked after 5 wrong tries; request a new code',
    );
  }
  if (outcome.verdict === 'wrong') throw wrongCode();
  return (outcome as { value: T }).value;
}

/**
 * Issues a code and queues the message carrying it in one transaction, then delivers it; answers
 * what the portal shows: the prefix and when the code expires.
 */
export async function sendCode(
  db: Database,
  mailer: Mailer,
  target: { profileId: string; purpose: CodePurpose; subject: string; prefix?: string },
  message: (code: IssuedCode) => OutgoingMessage,
): Promise<{ data: { prefix: string; expiresAt: string } }> {
  const issued = await db.transaction(async (tx) => {
    const code = await issueCode(
      tx,
      target.profileId,
      target.purpose,
      target.subject,
      target.prefix,
    );
    await mailer.enqueue(tx, message(code));
    return code;
  });
  await mailer.flush();
  return { data: { prefix: issued.prefix, expiresAt: issued.expiresAt.toISOString() } };
}
