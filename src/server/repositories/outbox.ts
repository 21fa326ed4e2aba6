// The outbox (table outbox) as the development outbox shows it: messages the server would send,
// newest first. The mailer (services/mailer.ts) writes and delivers them.
import { and, desc, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { outbox } from '../db/schema';

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  otp: string | null;
  createdAt: string;
}

/** The newest messages (at most `limit`), of one recipient (any case) when `to` is given. */
export async function latestOutboxMessages(
  db: Database,
  filter: { to?: string; limit: number },
): Promise<OutboxMessage[]> {
  const { to } = filter;
  const rows = await db
    .select()
    .from(outbox)
    .where(to ? sql`lower(${outbox.recipient}) = ${to.toLowerCase()}` : undefined)
    .orderBy(desc(outbox.createdAt))
    .limit(filter.limit);
  return rows.map((r) => ({
    to: r.recipient,
    subject: r.subject,
    text: r.body,
    html: r.html,
    otp: r.otp,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Drops the mails not yet sent to an address (any case): their account is gone. */
export async function dropUnsentMailTo(tx: Database, email: string): Promise<void> {
  await tx
    .delete(outbox)
    .where(and(isNull(outbox.sentAt), sql`lower(${outbox.recipient}) = ${email.toLowerCase()}`));
}
