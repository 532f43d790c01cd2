/** The user's notifications from the API into IndexedDB: the overview lists them, offline too. */
import { useEffect, useRef } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { notificationListSchema, type NotificationKind } from '../../domain/notification-contract';
import { apiRequest } from '../api/api-client';
import { db, type CachedNotification } from '../db';

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

/** The id of the newest saved notification of one of `kinds`: null when there is none, undefined while IndexedDB answers. */
function useNewestNotificationOf(kinds: readonly NotificationKind[]): string | null | undefined {
  return useLiveQuery(
    async () =>
      (
        await db.notifications
          .orderBy('createdAt')
          .reverse()
          .filter((notification) => kinds.includes(notification.kind))
          .first()
      )?.id ?? null,
    [kinds.join()],
  );
}

/**
 * Calls `arrived` when a notification of one of `kinds` comes in while the screen is open: the
 * live feed saves each one the moment it is written (or the tab's catch-up does, without a
 * stream), so a screen showing an API answer that such an event changes reads it again.
 */
export function useNotificationArrival(kinds: readonly NotificationKind[], arrived: () => void): void {
  const newest = useNewestNotificationOf(kinds);
  const seen = useRef<string | null | undefined>(undefined);
  const latest = useRef(arrived);
  useEffect(() => {
    latest.current = arrived;
  });
  useEffect(() => {
    if (newest === undefined) return;
    if (seen.current !== undefined && seen.current !== newest) latest.current();
    seen.current = newest;
  }, [newest]);
}
