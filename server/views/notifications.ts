/** `GET /notifications`: the user's newest notifications, for the overview. */
import { desc, eq } from 'drizzle-orm';
import { NOTIFICATIONS_SHOWN, type Notification, type NotificationKind } from '../../src/domain/notification-contract';
import type { Database } from '../db/client';
import { notifications } from '../db/schema';

export async function notificationsOf(db: Database, userId: string): Promise<Notification[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_SHOWN);
  return rows.map((row) => ({
    id: row.id,
    kind: (row.kind ?? 'offer received') as NotificationKind,
    subject: row.subject,
    body: row.body,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
  }));
}
