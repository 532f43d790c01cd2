/**
 * Mailing a notification, from the outbox after the commit that wrote it: its link into the app is
 * built from the configured origin (APP_ORIGIN, DESIGN.md §12), never from a request. Delivered
 * again after a crash, a notification sent already is not sent twice by a mailbox that can tell.
 */
import { eq, sql } from 'drizzle-orm';
import { BRAND } from '../../src/domain/brand';
import type { Database } from '../db/client';
import { notifications } from '../db/schema';
import type { Mailer } from '../providers/mailer';

export function mailHandler(db: Database, mailer: Mailer, appOrigin: string) {
  return async (notificationId: string): Promise<void> => {
    const [message] = await db.select().from(notifications).where(eq(notifications.id, notificationId));
    // Gone with its user (an account deleted): nothing is left to send.
    if (!message || message.sentAt) return;
    const link = message.link ? `\n\nOpen it in ${BRAND.name}: ${appOrigin}${message.link}` : '';
    await mailer.send({ id: message.id, to: message.toEmail, subject: message.subject, body: message.body + link });
    await db
      .update(notifications)
      .set({ sentAt: sql`now()` })
      .where(eq(notifications.id, message.id));
  };
}
