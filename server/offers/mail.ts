/**
 * The mail adapter: notifications are rows first (negotiations.ts writes them inside the same
 * database transaction as the change), then delivered. Locally they land in the development
 * mailbox next to the confirmation codes; without a mailbox they are logged until a mail
 * provider is configured.
 */
import { eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { notifications } from '../db/schema';
import { appendToMailbox } from '../stack/mailbox';

export interface Mailer {
  send(message: { to: string; subject: string; body: string }): Promise<void>;
}

export function devMailboxMailer(file: string): Mailer {
  return {
    async send({ to, subject, body }) {
      appendToMailbox(file, { to, channel: 'email', subject, body, sentAt: new Date().toISOString() });
    },
  };
}

export function logMailer(log: FastifyBaseLogger): Mailer {
  return {
    async send({ to, subject }) {
      log.warn({ to, subject }, 'no mail provider configured; notification not sent');
    },
  };
}

/** Sends every notification not sent yet; a failure leaves it queued for the next call. */
export async function deliverPending(db: Database, mailer: Mailer): Promise<void> {
  const pending = await db.select().from(notifications).where(isNull(notifications.sentAt));
  for (const message of pending) {
    await mailer.send({ to: message.toEmail, subject: message.subject, body: message.body });
    await db.update(notifications).set({ sentAt: new Date() }).where(eq(notifications.id, message.id));
  }
}
