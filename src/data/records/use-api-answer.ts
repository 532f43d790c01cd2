/**
 * An API answer a screen shows (DESIGN.md §11: nothing a screen shows fetches once and gives up):
 * loading, the answer or the problem, and a way to read it again. It is read again by itself when
 * the connection comes back, when the tab returns to the front after a failure, and after a failure
 * the connection caused, with growing pauses (1 s to 30 s); with `followLive`, whenever this tab hears
 * a change (a burst of them once), so the screen follows others' moves like the rest. With `keep`,
 * the answer is kept in IndexedDB under that key (db.ts `answers`), so the screen shows the last one
 * offline, with its age, until a fresh one replaces it.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState } from 'react';
import { NetworkError } from '../api/api-client';
import { db } from '../db';
import { onLiveChange } from './live';

const BURST_MS = 300;
const FIRST_PAUSE_MS = 1000;
const LONGEST_PAUSE_MS = 30_000;

export function useApiAnswer<T>(
  load: () => Promise<T>,
  deps: readonly unknown[],
  { followLive = false, keep }: { followLive?: boolean; keep?: string } = {},
) {
  const [answer, setAnswer] = useState<T | undefined>(undefined);
  const [answeredAt, setAnsweredAt] = useState<number | undefined>(undefined);
  const [problem, setProblem] = useState<Error | null>(null);
  const [failures, setFailures] = useState(0);
  const [reading, setReading] = useState(0);
  const kept = useLiveQuery(async () => (keep ? ((await db.answers.get(keep)) ?? null) : null), [keep]);
  // The caller names what the load depends on.
  const read = useCallback(load, deps);
  const reload = useCallback(() => {
    setReading((count) => count + 1);
    return read()
      .then(
        async (fresh) => {
          setAnswer(fresh);
          setAnsweredAt(Date.now());
          setProblem(null);
          setFailures(0);
          if (keep) await db.answers.put({ key: keep, value: fresh, savedAt: Date.now() }).catch(() => undefined);
        },
        (error: Error) => {
          setProblem(error);
          setFailures((count) => count + 1);
        },
      )
      .finally(() => setReading((count) => count - 1));
  }, [read, keep]);
  useEffect(() => void reload(), [reload]);
  // Back online, or back to the front after a failure: read again.
  useEffect(() => {
    const again = () => void reload();
    const visible = () => document.visibilityState === 'visible' && problem && again();
    window.addEventListener('online', again);
    document.addEventListener('visibilitychange', visible);
    return () => (window.removeEventListener('online', again), document.removeEventListener('visibilitychange', visible));
  }, [reload, problem]);
  // A failure the connection caused is tried again after a pause that grows; an answer the API gave (a refusal) is not.
  useEffect(() => {
    if (!(problem instanceof NetworkError)) return;
    const timer = setTimeout(() => void reload(), Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** (failures - 1)));
    return () => clearTimeout(timer);
  }, [problem, failures, reload]);
  useEffect(() => {
    if (!followLive) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onLiveChange(() => {
      clearTimeout(timer);
      timer = setTimeout(() => void reload(), BURST_MS);
    });
    return () => (stop(), clearTimeout(timer));
  }, [followLive, reload]);
  const shown = answer ?? (kept?.value as T | undefined);
  return {
    answer: shown,
    problem,
    reload,
    /** When the answer shown was saved, while it is the kept one (this read has not answered yet). */
    savedAt: answer === undefined && kept ? kept.savedAt : undefined,
    /** When the answer shown was fetched, kept or fresh: for its freshness line. */
    shownAt: answeredAt ?? (answer === undefined ? kept?.savedAt : undefined),
    /** A read is on its way. */
    refreshing: reading > 0,
  };
}
