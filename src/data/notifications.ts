/** The user's notifications from the API into IndexedDB: the overview lists them, offline too. */
import { useLiveQuery } from 'dexie-react-hooks';
import { notificationListSchema } from '../domain/notification-contract';
import { apiRequest } from './api-client';
import { db, type CachedNotification } from './db';

/** Replaces the saved notifications with the API's newest. */
export async function refreshNotifications(): Promise<void> {
  const { notifications } = await apiRequest('GET', 'notifications', notificationListSchema);
  const savedAt = Date.now();
  await db.transaction('rw', db.notifications, async () => {
    await db.notifications.clear();
    await db.notifications.bulkPut(notifications.map((notification) => ({ ...notification, savedAt })));
  });
}

/** Newest first; undefined while IndexedDB answers. */
export function useNotifications(): CachedNotification[] | undefined {
  return useLiveQuery(() => db.notifications.orderBy('createdAt').reverse().toArray(), []);
}
