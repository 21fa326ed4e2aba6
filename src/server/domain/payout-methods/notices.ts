// Every change of payout methods is announced by mail to the account's email, in its language, so
// a stolen session cannot redirect money silently. The text is composed in mail/compose.ts.
import type { Database } from '../../db/client';
import {
  composePayoutMethodChange,
  recipientLocale,
  type PayoutMethodChange,
} from '../../mail/compose';
import { noticeRecipientOf } from '../../repositories/payment-methods';
import type { Mailer } from '../../services/mailer';
import type { MerchantDirectory } from '../../services/merchants';

export type { PayoutMethodChange };

/**
 * Queues the change notice in the transaction of the change (sent once it commits), in the
 * account's language, naming the merchant.
 */
export async function notifyPayoutMethodChange(
  tx: Database,
  mailer: Mailer,
  merchants: Pick<MerchantDirectory, 'byId' | 'forHost'>,
  profileId: string,
  change: PayoutMethodChange,
  methodType: string,
): Promise<void> {
  const profile = await noticeRecipientOf(tx, profileId);
  if (!profile) return;
  const merchant = merchants.byId(profile.merchantId) ?? merchants.forHost(undefined);
  // The person's stored language, else the merchant's default (as every other mail).
  const locale = recipientLocale(profile.language, merchant);
  await mailer.enqueue(tx, {
    to: profile.email,
    ...composePayoutMethodChange(locale, merchant, {
      change,
      methodType,
      email: profile.email,
      at: new Date(),
    }),
  });
}
