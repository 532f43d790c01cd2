/**
 * One per API process: it hands each notice to the streams this process holds for its user. What
 * this process commits it delivers as it commits; what others commit it reads from the feed
 * (feed-reader.ts) when a doorbell rings — a NOTIFY on the live channel naming the process that
 * rang, sent after commits that wrote notices, at most one every RING_GAP_MS — and every
 * FEED_POLL_MS in case a doorbell was lost (a process that stopped between its commit and its
 * ring, a LISTEN connection being made again). A change made through one process reaches a stream
 * held by another, and the API stays stateless (DESIGN.md §11).
 */
import { randomUUID } from 'node:crypto';
import type { OpenDatabase } from '../../db/client';
import { feedEnd, LIVE_CHANNEL, type FeedEntry } from '../../kernel/live-feed';
import { feedReader } from './feed-reader';

export interface LiveListener {
  notice(entry: FeedEntry): void;
  /** This process keeps too many streams for the user: the oldest is closed. */
  close(): void;
}

/** Streams one user may hold on one process (tabs and devices); the oldest makes way for a new one. */
export const STREAMS_PER_USER = 20;

const FEED_POLL_MS = 1_000;
/**
 * The least time between two doorbells: the commits in between share the next one. A stream on
 * another process hears of a change this much later at most; under load it saves a NOTIFY a commit.
 */
const RING_GAP_MS = 10;

export interface LiveHub {
  subscribe(userId: string, listener: LiveListener): () => void;
  /** This process committed `entries`: it delivers them now and tells the other processes to read them. */
  ring(entries: FeedEntry[]): void;
  /** Open streams on this process. */
  size(): number;
  /** Ends every stream (the process is shutting down: tabs reconnect to another). */
  endStreams(): void;
  close(): Promise<void>;
}

export async function createLiveHub(database: Pick<OpenDatabase, 'db' | 'listen'>): Promise<LiveHub> {
  const byUser = new Map<string, Set<LiveListener>>();
  const everyone = () => [...byUser.values()].flatMap((listeners) => [...listeners]);
  const reader = feedReader(database.db, await feedEnd(database.db), (entry) =>
    byUser.get(entry.userId)?.forEach((listener) => listener.notice(entry)),
  );
  // The database away: the next doorbell or poll reads from where this one stopped.
  const read = () => void reader.read().catch(() => undefined);
  // Its own ring comes back to it too: this process delivered what it committed already.
  const me = randomUUID();
  const listening = await database.listen(LIVE_CHANNEL, (from) => from !== me && read(), read);
  const poll = setInterval(read, FEED_POLL_MS);
  poll.unref();
  let rung = 0;
  let ringing: NodeJS.Timeout | undefined;
  const ringNow = () => {
    ringing = undefined;
    rung = Date.now();
    listening.notify(me);
  };
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
    ring(entries) {
      reader.committed(entries);
      if (ringing) return;
      ringing = setTimeout(ringNow, Math.max(0, rung + RING_GAP_MS - Date.now()));
    },
    size: () => everyone().length,
    endStreams: () => everyone().forEach((listener) => listener.close()),
    close: async () => {
      clearInterval(poll);
      clearTimeout(ringing);
      await listening.stop();
    },
  };
}
