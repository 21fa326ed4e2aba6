// Every message goes into the outbox table in the sender's transaction, so nothing is lost if the
// process stops; delivery happens after commit. Without SMTP_URL the outbox is the only channel
// (read it at /master/dev/v1/outbox); with SMTP_URL each message is also sent through nodemailer.
import { and, eq, isNull } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { outbox } from '../db/schema';
import { latestOutboxMessages, type OutboxMessage } from '../repositories/outbox';

export interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
  /** The same message as branded HTML (src/server/mail/html.ts), sent as the alternative part. */
  html?: string;
  /** The one-time code the message carries, kept for the development outbox. */
  otp?: string;
}

export interface Mailer {
  /** Writes the message to the outbox (inside the caller's transaction). */
  enqueue(tx: Database, message: OutgoingMessage): Promise<string>;
  /** Sends queued messages; call after the transaction committed. */
  flush(): Promise<void>;
  /** The newest 200 messages, of one recipient when given (the development outbox). */
  outbox(to?: string): Promise<OutboxMessage[]>;
  close(): void;
}

export function createMailer(
  db: Database,
  options: { smtpUrl: string | null; from: string; production: boolean; log: FastifyBaseLogger },
): Mailer {
  const transport: Transporter | null = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : null;
  let flushing: Promise<void> = Promise.resolve();

  async function deliverPending(): Promise<void> {
    // Oldest first, through the partial index of undelivered messages.
    const pending = await db
      .select()
      .from(outbox)
      .where(isNull(outbox.sentAt))
      .orderBy(outbox.createdAt)
      .limit(50);
    for (const message of pending) {
      if (!transport) {
        await db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, message.id));
        continue;
      }
      try {
        await transport.sendMail({
          from: options.from,
          to: message.recipient,
          subject: message.subject,
          text: message.body,
          ...(message.html ? { html: message.html } : {}),
        });
        await db
          .update(outbox)
          // In production the code is not kept once delivered.
          .set({
            sentAt: new Date(),
            lastError: null,
            ...(options.production ? { otp: null, body: '[delivered]', html: null } : {}),
          })
          .where(and(eq(outbox.id, message.id), isNull(outbox.sentAt)));
      } catch (error) {
        options.log.warn(
          { messageId: message.id, err: (error as Error).message },
          'mail delivery failed; will retry',
        );
        await db
          .update(outbox)
          .set({ lastError: (error as Error).message })
          .where(eq(outbox.id, message.id));
      }
    }
  }

  return {
    async enqueue(tx, message) {
      const [row] = await tx
        .insert(outbox)
        .values({
          recipient: message.to,
          subject: message.subject,
          body: message.text,
          html: message.html ?? null,
          otp: message.otp ?? null,
        })
        .returning({ id: outbox.id });
      return row?.id ?? '';
    },
    flush() {
      // Serialised so two requests never send the same message twice from one process.
      flushing = flushing.then(deliverPending, deliverPending);
      return flushing;
    },
    outbox(to) {
      return latestOutboxMessages(db, { to, limit: 200 });
    },
    close() {
      transport?.close();
    },
  };
}
