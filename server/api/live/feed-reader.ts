/**
 * Reads the live feed (kernel/live-feed.ts) in order for one API process, each notice once.
 * Notices are numbered when written and seen when committed, so a number can show after a higher
 * one: a number skipped is looked for again on every read until it shows, or given up after
 * GIVE_UP_MS (its transaction rolled back; none of ours runs that long). What this process committed
 * itself it hands over as it commits, without reading it back.
 */
import type { Database } from '../../db/client';
import { feedAfter, type FeedEntry } from '../../kernel/live-feed';

const BATCH = 500;
const GIVE_UP_MS = 30_000;
/** Numbers looked for at most at once: past it, a burst of rollbacks is given up at once rather than read for. */
const MOST_MISSING = 1_000;

export interface FeedReader {
  /** Reads what was committed since the last read and delivers it; a call during a read makes one more read after it. */
  read(): Promise<void>;
  /** Delivers notices this process just committed (their numbers are known, so nothing is read). */
  committed(entries: FeedEntry[]): void;
}

export function feedReader(db: Database, start: number, deliver: (entry: FeedEntry) => void): FeedReader {
  let high = start;
  const missing = new Map<number, number>();
  let reading: Promise<void> | undefined;
  let again = false;

  /** Each committed entry once: past the highest so far (the numbers skipped are looked for), or one looked for. */
  function take(entries: FeedEntry[], now: number) {
    for (const entry of entries) {
      if (entry.seq > high) {
        for (let seq = high + 1; seq < entry.seq && missing.size < MOST_MISSING; seq += 1) missing.set(seq, now);
        high = entry.seq;
        deliver(entry);
      } else if (missing.delete(entry.seq)) deliver(entry);
    }
  }

  async function readOnce(): Promise<void> {
    for (;;) {
      const now = Date.now();
      for (const [seq, since] of missing) if (now - since > GIVE_UP_MS) missing.delete(seq);
      const entries = await feedAfter(db, high, [...missing.keys()], BATCH);
      take(entries, now);
      if (entries.length < BATCH) return;
    }
  }

  return {
    committed: (entries) =>
      take(
        [...entries].sort((a, b) => a.seq - b.seq),
        Date.now(),
      ),
    read() {
      if (reading) {
        again = true;
        return reading;
      }
      reading = (async () => {
        try {
          do {
            again = false;
            await readOnce();
          } while (again);
        } finally {
          reading = undefined;
        }
      })();
      return reading;
    },
  };
}
