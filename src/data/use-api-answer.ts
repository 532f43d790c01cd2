/**
 * An API answer a screen shows while it is open (not kept in IndexedDB): loading, the answer or the
 * problem, and a way to read it again. With `followLive`, it is read again whenever this tab hears
 * a change (DESIGN.md §11), a burst of them once, so the screen follows others' moves like the rest.
 */
import { useCallback, useEffect, useState } from 'react';
import { onLiveChange } from './live';

const BURST_MS = 300;

export function useApiAnswer<T>(load: () => Promise<T>, deps: readonly unknown[], { followLive = false } = {}) {
  const [answer, setAnswer] = useState<T | undefined>(undefined);
  const [problem, setProblem] = useState<Error | null>(null);
  // The caller names what the load depends on.
  const read = useCallback(load, deps);
  const reload = useCallback(
    () =>
      read().then(
        (fresh) => (setAnswer(fresh), setProblem(null)),
        (error: Error) => setProblem(error),
      ),
    [read],
  );
  useEffect(() => void reload(), [reload]);
  useEffect(() => {
    if (!followLive) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onLiveChange(() => {
      clearTimeout(timer);
      timer = setTimeout(() => void reload(), BURST_MS);
    });
    return () => (stop(), clearTimeout(timer));
  }, [followLive, reload]);
  return { answer, problem, reload };
}
