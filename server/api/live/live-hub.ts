/**
 * One per API process: a single LISTEN on the live channel (change-feed.ts), handing each notice
 * to the streams this process holds for its user. Several processes behind a load balancer each
 * hear every notice, so a change made through one reaches a stream held by another and the API
 * stays stateless (DESIGN.md §11). A stream that outlives a lost LISTEN connection is told to
 * catch up from the feed.
 */
import type { OpenDatabase } from '../../db/client';
import { entryOf, LIVE_CHANNEL, type FeedEntry } from '../../kernel/live-feed';

export interface LiveListener {
  notice(entry: FeedEntry): void;
  /** Notices may have been missed: read the feed again. */
  gap(): void;
  /** This process keeps too many streams for the user: the oldest is closed. */
  close(): void;
}

/** Streams one user may hold on one process (tabs and devices); the oldest makes way for a new one. */
export const STREAMS_PER_USER = 20;

export interface LiveHub {
  subscribe(userId: string, listener: LiveListener): () => void;
  /** Open streams on this process. */
  size(): number;
  /** Ends every stream (the process is shutting down: tabs reconnect to another). */
  endStreams(): void;
  close(): Promise<void>;
}

export async function createLiveHub(database: Pick<OpenDatabase, 'listen'>): Promise<LiveHub> {
  const byUser = new Map<string, Set<LiveListener>>();
  const everyone = () => [...byUser.values()].flatMap((listeners) => [...listeners]);
  const stop = await database.listen(
    LIVE_CHANNEL,
    (payload) => {
      const entry = entryOf(payload);
      if (entry) byUser.get(entry.userId)?.forEach((listener) => listener.notice(entry));
    },
    () => everyone().forEach((listener) => listener.gap()),
  );
  return {
    subscribe(userId, listener) {
      const listeners = byUser.get(userId) ?? new Set();
      byUser.set(userId, listeners);
      listeners.add(listener);
      if (listeners.size > STREAMS_PER_USER) listeners.values().next().value?.close();
      return () => {
        listeners.delete(listener);
        if (!listeners.size) byUser.delete(userId);
      };
    },
    size: () => everyone().length,
    endStreams: () => everyone().forEach((listener) => listener.close()),
    close: stop,
  };
}
