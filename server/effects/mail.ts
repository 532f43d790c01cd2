/**
 * The mail adapter: notifications are rows first (the services write them inside the same
 * database transaction as the change), then delivered. Locally they land in the development
 * mailbox next to the confirmation codes; in production Amazon SES sends them (MAIL_FROM).
 * Without either they stay queued, unsent, until a provider is configured.
 */
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { and, eq, isNull } from 'drizzle-orm';
import { BRAND } from '../../src/domain/brand';
import type { Database } from '../db/client';
import { notifications } from '../db/schema';
import { appendToMailbox } from '../providers/dev-mailbox';

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

export function sesMailer(options: { from: string; region: string; endpoint?: string }): Mailer {
  const client = new SESv2Client({ region: options.region, endpoint: options.endpoint });
  return {
    async send({ to, subject, body }) {
      await client.send(
        new SendEmailCommand({
          FromEmailAddress: options.from,
          Destination: { ToAddresses: [to] },
          Content: { Simple: { Subject: { Data: subject, Charset: 'UTF-8' }, Body: { Text: { Data: body, Charset: 'UTF-8' } } } },
        }),
      );
    },
  };
}

/**
 * Sends every notification not sent yet; a failure leaves it queued for the next call. Each is
 * claimed (marked sent) before it goes out, so deliveries running at once — two requests, or
 * two API processes — never send one twice; a failed send puts it back. (A process that dies
 * between claim and send loses that one message: at most once, never twice.)
 */
export async function deliverPending(db: Database, mailer: Mailer | undefined, appOrigin?: string): Promise<void> {
  if (!mailer) return;
  const pending = await db.select({ id: notifications.id }).from(notifications).where(isNull(notifications.sentAt));
  for (const { id } of pending) {
    const [message] = await db
      .update(notifications)
      .set({ sentAt: new Date() })
      .where(and(eq(notifications.id, id), isNull(notifications.sentAt)))
      .returning();
    if (!message) continue; // another delivery claimed it
    try {
      // A notification's link is a path in the app; mail carries it whole, from APP_ORIGIN (DESIGN §12).
      const link = message.link && appOrigin ? `\n\nOpen it in ${BRAND.name}: ${appOrigin}${message.link}` : '';
      await mailer.send({ to: message.toEmail, subject: message.subject, body: message.body + link });
    } catch (error) {
      await db.update(notifications).set({ sentAt: null }).where(eq(notifications.id, id));
      throw error;
    }
  }
}
