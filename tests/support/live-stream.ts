/**
 * The live stream (GET /api/live) read as the app reads it, for server tests and the benchmark.
 * Each stream has a connection of its own (no agent), destroyed when it is closed: a pooled
 * client may open a spare connection that never sends a request, which a server shutting down
 * waits for until its header timeout.
 */
import { request } from 'node:http';
import { eventStreamParser, type StreamEvent } from '../../src/domain/event-stream';

export interface OpenStream {
  status: number;
  events: StreamEvent[];
  /** Everything the stream sent, as text. */
  text(): string;
  /** The first event (from the start) that `matches`, waiting up to `withinMs` for it. */
  next(matches: (event: StreamEvent) => boolean, withinMs?: number): Promise<StreamEvent>;
  close(): void;
}

export async function openLiveStream(baseUrl: string, bearer: string, lastEventId?: string): Promise<OpenStream> {
  const events: StreamEvent[] = [];
  let text = '';
  const waiters = new Set<() => void>();
  const parse = eventStreamParser((event) => {
    events.push(event);
    waiters.forEach((wake) => wake());
  });
  const headers = {
    authorization: bearer,
    accept: 'text/event-stream',
    ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
  };
  const outgoing = request(`${baseUrl}/api/live`, { headers, agent: false });
  const answer = await new Promise<import('node:http').IncomingMessage>((resolve, reject) => {
    outgoing.once('response', resolve);
    outgoing.once('error', reject);
    outgoing.end();
  });
  answer.setEncoding('utf8');
  answer.on('data', (piece: string) => {
    text += piece;
    if (answer.statusCode === 200) parse(piece);
  });
  answer.on('error', () => undefined); // destroyed by close()
  if (answer.statusCode !== 200) await new Promise((resolve) => answer.once('end', resolve));
  return {
    status: answer.statusCode!,
    events,
    text: () => text,
    next(matches, withinMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(matches);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${withinMs} ms; got ${JSON.stringify(events)}`));
        }, withinMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => outgoing.destroy(),
  };
}

/** A `change` event's notice. */
export const noticeOf = (event: StreamEvent) => JSON.parse(event.data) as { kind: string; id: string; version: number };
