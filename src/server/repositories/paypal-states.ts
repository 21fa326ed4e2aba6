// The rows of PayPal connection states (one_time_codes, purpose PAYPAL_CONNECT); the rules about
// them are in domain/paypal-connect.ts.
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { oneTimeCodes } from '../db/schema';

const PURPOSE = 'PAYPAL_CONNECT';

/** Whose state it is: the profile and the session's id hash. */
export interface StateOwner {
  profileId: string;
  idHash: string;
}

const ofOwner = (owner: StateOwner) => [
  eq(oneTimeCodes.profileId, owner.profileId),
  eq(oneTimeCodes.purpose, PURPOSE),
  eq(oneTimeCodes.subject, owner.idHash),
];

/** Stores a new state (by its hash); the owner's open ones are marked replaced. */
export async function storePaypalState(
  db: Database,
  owner: StateOwner,
  codeHash: string,
  expiresAt: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(oneTimeCodes)
      .set({ replacedAt: new Date() })
      .where(and(...ofOwner(owner), isNull(oneTimeCodes.usedAt), isNull(oneTimeCodes.replacedAt)));
    await tx.insert(oneTimeCodes).values({
      profileId: owner.profileId,
      purpose: PURPOSE,
      subject: owner.idHash,
      prefix: '',
      codeHash,
      expiresAt,
    });
  });
}

export async function findPaypalState(db: Database, owner: StateOwner, codeHash: string) {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(...ofOwner(owner), eq(oneTimeCodes.codeHash, codeHash)))
    .limit(1);
  return row;
}

/** Marks the state used unless it already is; false when another request spent it first. */
export async function spendPaypalStateRow(db: Database, id: string): Promise<boolean> {
  const spent = await db
    .update(oneTimeCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.usedAt)))
    .returning({ id: oneTimeCodes.id });
  return spent.length > 0;
}
