/**
 * One rule for every server record the app keeps (DESIGN.md §11): a live notice names a record and
 * the version the server gave it. Notices are applied per record, in order, and coalesced — while
 * one fetch runs, the notices that arrive meanwhile make one more fetch at most, however many there
 * are — and idempotently: a notice for a version this device already holds does nothing and
 * announces nothing (a replay after a reconnect, a second tab's fetch). An announcement comes from
 * what a fetch brought that the copy before it did not have, so each new thing is announced once.
 * A new kind is an entry in RECORDS.
 */
import { threadPath, type ThreadEntry } from '../../domain/message-contract';
import type { ChangeKind, ChangeNotice } from '../../domain/live-contract';
import { db } from '../db';
import { refreshDeal } from './deals';
import { refreshNotifications } from './notifications';
import { refreshNegotiation } from './offer-store';
import { followThread, threadOnScreen } from './thread-store';
import { refreshTransaction } from './transactions';

/** Something new for the person, said once: the screens show it (a toast with its link). */
export interface Announcement {
  text: string;
  link: { to: string; label: string };
}

export interface RecordKind<T> {
  /** Which record a notice is about: notices with one key share a fetch. */
  key(id: string): string;
  /** The copy this device holds, or undefined. */
  read(id: string): Promise<T | undefined>;
  /** The server's version of that copy (0 when there is none). */
  versionOf(copy: T | undefined): number;
  /** Fetches the record into IndexedDB. */
  fetch(id: string): Promise<unknown>;
  /** What the new copy brought that the one before did not, worth telling the person; null for nothing. */
  news?(before: T | undefined, after: T | undefined, id: string): Announcement | null;
}

const newestFromOther = (entries: ThreadEntry[] = []) =>
  entries.findLast((entry) => entry.type === 'message' && entry.by === 'other party')?.id ?? null;

const ALWAYS_FETCH = Number.NEGATIVE_INFINITY;

export const RECORDS: { [K in ChangeKind]: RecordKind<unknown> } = {
  transaction: {
    key: (id) => id,
    read: (id) => db.transactions.get(id),
    versionOf: (row) => (row as { detail?: { version: number } } | undefined)?.detail?.version ?? 0,
    fetch: refreshTransaction,
  },
  deal: {
    key: (id) => id,
    read: (id) => db.deals.get(id),
    versionOf: (row) => (row as { version: number } | undefined)?.version ?? 0,
    fetch: refreshDeal,
  },
  negotiation: {
    key: (id) => id,
    read: (id) => db.negotiations.get(id),
    versionOf: (row) => (row as { version?: number } | undefined)?.version ?? 0,
    fetch: refreshNegotiation,
  },
  // Notifications are read as one list: any number of notices about them is one fetch.
  notification: {
    key: () => 'all',
    read: (id) => db.notifications.get(id),
    versionOf: (row) => (row ? Number.POSITIVE_INFINITY : ALWAYS_FETCH),
    fetch: () => refreshNotifications(),
  },
  thread: {
    key: (id) => id,
    read: (id) => db.threads.get(id),
    versionOf: (row) => (row as { version?: number } | undefined)?.version ?? 0,
    fetch: followThread,
    // A message from the other party this copy has and the one before did not, unless the thread is on screen.
    news: (before, after, id) => {
      const [was, is] = [before, after].map((copy) => newestFromOther((copy as { entries?: ThreadEntry[] } | undefined)?.entries));
      const thread = after as { vehicle: string; otherName: string | null } | undefined;
      if (!thread || !is || is === was || threadOnScreen() === id) return null;
      if (!before && !(after as { unread: number }).unread) return null;
      return {
        text: `${thread.otherName ?? 'The other party'} wrote to you about the ${thread.vehicle}.`,
        link: { to: threadPath(id), label: 'Read it' },
      };
    },
  },
};

type Listener = (announcement: Announcement) => void;
const listeners = new Set<Listener>();

/** Hears each announcement (the app shows it); answers how to stop. */
export function onAnnouncement(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

interface Following {
  /** Notices not looked at yet. */
  queued: ChangeNotice[];
  running: Promise<void>;
}

/**
 * A follower over `records`: applies each notice as DESIGN.md §11 says, telling `announce` of what
 * is new. The app has one (followRecord); a test makes its own over records it controls.
 */
export function recordFollower(records: Record<string, RecordKind<unknown>>, announce: (news: Announcement) => void) {
  const following = new Map<string, Following>();
  const isHeld = async (kind: RecordKind<unknown>, notice: ChangeNotice) => kind.versionOf(await kind.read(notice.id)) >= notice.version;

  /** Follows one record's queued notices in order until none is left; one fetch covers every notice it brings up to date. */
  async function drain(kind: RecordKind<unknown>, entry: Following): Promise<void> {
    while (entry.queued.length) {
      const notice = entry.queued.shift()!;
      if (await isHeld(kind, notice)) continue;
      const before = await kind.read(notice.id);
      await kind.fetch(notice.id);
      const news = kind.news?.(before, await kind.read(notice.id), notice.id);
      if (news) announce(news);
    }
  }

  /** Resolves once the record the notice names is as new as the notice, or could not be fetched. */
  return function follow(notice: ChangeNotice): Promise<void> {
    const kind = records[notice.kind]!;
    const key = `${notice.kind}:${kind.key(notice.id)}`;
    const entry = following.get(key);
    if (entry) {
      entry.queued.push(notice);
      return entry.running;
    }
    const started: Following = { queued: [notice], running: Promise.resolve() };
    started.running = drain(kind, started)
      .catch((error: unknown) => console.error(`Live ${notice.kind} ${notice.id} could not be fetched`, error))
      .finally(() => following.delete(key));
    following.set(key, started);
    return started.running;
  };
}

/** Applies a live notice to the record it names (live.ts calls it for each notice the stream brings). */
export const followRecord = recordFollower(RECORDS, (news) => listeners.forEach((listener) => listener(news)));
