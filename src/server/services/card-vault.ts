// The card vault keeps full card numbers out of the main tables: it stores the PAN encrypted under
// a random token, and the payout method keeps only the token, brand, last 4 and expiry. A real
// deployment puts a PCI-compliant vault (the processor's tokenization API) behind this interface.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { cardVault } from '../db/schema';
import type { Sealer } from './encryption';

export interface CardVault {
  store(tx: Database, pan: string): Promise<string>;
  remove(tx: Database, token: string): Promise<void>;
  /** Whether an entry is kept under this token (a deleted card or account leaves none). */
  holds(tx: Database, token: string): Promise<boolean>;
}

export function createEmbeddedCardVault(sealer: Sealer): CardVault {
  return {
    async store(tx, pan) {
      const token = `card_${randomBytes(16).toString('hex')}`;
      await tx
        .insert(cardVault)
        .values({ token, sealedPan: sealer.seal(pan, `card_vault:${token}`) });
      return token;
    },
    async remove(tx, token) {
      await tx.delete(cardVault).where(eq(cardVault.token, token));
    },
    async holds(tx, token) {
      const rows = await tx
        .select({ token: cardVault.token })
        .from(cardVault)
        .where(eq(cardVault.token, token));
      return rows.length > 0;
    },
  };
}
