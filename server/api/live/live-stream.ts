/**
 * One open stream of change notices (Server-Sent Events) for one user. On opening it is sent
 * what the tab missed since the last notice it has (`Last-Event-ID`), then `ready`, then every
 * new notice as it is committed; notices that arrive while the feed is read are held and sent
 * after it, once each. A comment every 25 s keeps proxies from closing an idle stream and finds
 * tabs that went away; a stream ends when the token it was opened with expires, so a tab goes on
 * only with a fresh one.
 */
import { LIVE_EVENTS } from '../../../src/domain/live-contract';
import type { Database } from '../../db/client';
import { changesSince, latestSeq, type FeedEntry } from '../../kernel/live-feed';
import type { LiveHub } from './live-hub';

const HEARTBEAT_MS = 25_000;
/** A tab that stopped reading: past this much unsent text the stream is closed. */
const MAX_BUFFERED_BYTES = 1 << 20;
const LONGEST_TIMER_MS = 2 ** 31 - 1;

export interface StreamSink {
  write(text: string): void;
  /** Bytes written but not yet taken by the connection. */
  buffered(): number;
  end(): void;
}

export interface StreamOptions {
  db: Database;
  hub: LiveHub;
  userId: string;
  /** The last notice the tab has (its Last-Event-ID); undefined for a tab that has none. */
  after: number | undefined;
  /** When the caller's token expires (epoch ms). */
  expiresAt: number | undefined;
  sink: StreamSink;
}

const event = (name: string, id: number | undefined, data: unknown) =>
  `${id === undefined ? '' : `id: ${id}\n`}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/** Serves the stream until the connection or the token ends; answers the function that ends it. */
export function serveStream({ db, hub, userId, after, expiresAt, sink }: StreamOptions): () => void {
  let reading = true;
  let held: FeedEntry[] = [];
  let lastSeq = after;
  let ended = false;

  const write = (text: string) => {
    if (ended) return;
    sink.write(text);
    if (sink.buffered() > MAX_BUFFERED_BYTES) finish();
  };
  const send = (entry: FeedEntry) => {
    lastSeq = Math.max(lastSeq ?? 0, entry.seq);
    write(event(LIVE_EVENTS.change, entry.seq, { kind: entry.kind, id: entry.id, version: entry.version }));
  };

  /** Sends what was missed after `from` (all of it, or `reset`), then whatever arrived meanwhile. */
  async function catchUp(from: number | undefined) {
    reading = true;
    const sent = new Set<number>();
    const missed = from === undefined ? [] : await changesSince(db, userId, from);
    if (missed === 'reset') write(event(LIVE_EVENTS.reset, undefined, {}));
    else
      for (const entry of missed) {
        send(entry);
        sent.add(entry.seq);
      }
    const at = Math.max(lastSeq ?? 0, await latestSeq(db, userId));
    lastSeq = at;
    write(event(LIVE_EVENTS.ready, at, {}));
    const waiting = held;
    held = [];
    reading = false;
    for (const entry of waiting) if (!sent.has(entry.seq)) send(entry);
  }

  const unsubscribe = hub.subscribe(userId, {
    notice: (entry) => (reading ? held.push(entry) : send(entry)),
    close: () => finish(),
  });
  const heartbeat = setInterval(() => write(': keep-alive\n\n'), HEARTBEAT_MS);
  const expiry =
    expiresAt === undefined ? undefined : setTimeout(() => finish(), Math.min(Math.max(expiresAt - Date.now(), 0), LONGEST_TIMER_MS));

  function finish() {
    if (ended) return;
    ended = true;
    unsubscribe();
    clearInterval(heartbeat);
    clearTimeout(expiry);
    sink.end();
  }

  // The browser's own EventSource would wait this long before reconnecting; the app's client keeps its own pace.
  write('retry: 3000\n\n');
  void catchUp(after).catch(finish);
  return finish;
}
