/** What a thread's screen reads of the saved thread, apart from thread-store.ts, which the service worker carries without React. */
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../db';
import type { MessageAction } from '../outbox/outbox-rows';

/** The saved thread (undefined while loading, null when this device has none) and this thread's messages not sent yet. */
export function useThread(negotiationId: string) {
  return useLiveQuery(async () => {
    const thread = (await db.threads.get(negotiationId)) ?? null;
    const queued = (await db.outbox.where('negotiationId').equals(negotiationId).sortBy('seq')).filter(
      (row): row is MessageAction => row.kind === 'message',
    );
    return { thread, queued };
  }, [negotiationId]);
}
