/**
 * One rule for the app's copy of server records (DESIGN.md §11, src/data/records/live-records.ts): notices
 * applied per record, in order, coalesced and idempotent, and each new thing announced once — here
 * with a thread whose fetches are slow and whose notices arrive as a stream that drops and replays
 * what it sent before (the 27 identical notices a buyer got after a 3-second drop).
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { RECORDS, recordFollower, type Announcement, type RecordKind } from '../../src/data/records/live-records';
import type { ChangeNotice } from '../../src/domain/live-contract';

/** The server's thread as ten messages arrive, one version each; the device's copy, fetched slowly. */
function threadServer() {
  const server = { version: 0, entries: [] as { type: 'message'; id: string; by: 'other party'; seq: number }[] };
  let saved: { version: number; entries: typeof server.entries; vehicle: string; otherName: string; unread: number } | undefined;
  let fetches = 0;
  const kind: RecordKind<unknown> = {
    ...RECORDS.thread,
    read: async () => saved,
    fetch: async () => {
      fetches += 1;
      const copy = { ...server, entries: [...server.entries] };
      await new Promise((resolve) => setTimeout(resolve, 5));
      saved = { ...copy, vehicle: '2005 Buick', otherName: 'Sam', unread: copy.entries.length };
    },
  };
  const write = () => {
    server.version += 1;
    server.entries.push({ type: 'message', id: `m${server.version}`, by: 'other party', seq: server.version });
    return { kind: 'thread', id: 'n-1', version: server.version } as ChangeNotice;
  };
  return { kind, write, fetches: () => fetches };
}

describe('following live notices', () => {
  it('announces each of ten messages at most once while the stream drops five times and replays what it sent', async () => {
    const { kind, write, fetches } = threadServer();
    const announced: Announcement[] = [];
    const follow = recordFollower({ thread: kind } as never, (news) => announced.push(news));
    const sent: ChangeNotice[] = [];
    const applied: Promise<void>[] = [];
    for (let message = 1; message <= 10; message += 1) {
      const notice = write();
      sent.push(notice);
      applied.push(follow(notice));
      // Every other message the connection drops; on reconnect the feed replays the notices of the last 30 seconds.
      if (message % 2 === 0) for (const replayed of sent) applied.push(follow(replayed));
      await new Promise((resolve) => setTimeout(resolve, message % 3));
    }
    await Promise.all(applied);
    expect(sent).toHaveLength(10);
    // Each announcement names the newest message a fetch brought; no message is announced twice.
    expect(announced.length).toBeGreaterThan(0);
    expect(announced.length).toBeLessThanOrEqual(10);
    expect(announced.every((news) => news.text === 'Sam wrote to you about the 2005 Buick.')).toBe(true);
    // Coalesced: far fewer fetches than the 40 notices that arrived.
    expect(fetches()).toBeLessThanOrEqual(10);
    // Idempotent: the same notices again do nothing at all.
    const before = fetches();
    await Promise.all(sent.map((notice) => follow(notice)));
    expect(fetches()).toBe(before);
    expect(announced.length).toBeLessThanOrEqual(10);
  });

  it('fetches once for a burst that arrives while a fetch runs, and again only for a newer version', async () => {
    const { kind, write, fetches } = threadServer();
    const follow = recordFollower({ thread: kind } as never, () => undefined);
    const first = follow(write());
    const burst = [write(), write(), write()];
    await Promise.all([first, ...burst.map((notice) => follow(notice))]);
    const afterBurst = fetches();
    expect(afterBurst).toBeLessThanOrEqual(2);
    expect(((await kind.read('n-1')) as { version: number }).version).toBe(4);
    await follow(burst.at(-1)!);
    expect(fetches()).toBe(afterBurst);
    await follow(write());
    expect(fetches()).toBe(afterBurst + 1);
  });
});
