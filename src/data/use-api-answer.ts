/** An API answer a screen shows while it is open (not kept in IndexedDB): loading, the answer or the problem, and a way to read it again. */
import { useCallback, useEffect, useState } from 'react';

export function useApiAnswer<T>(load: () => Promise<T>, deps: readonly unknown[]) {
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
  return { answer, problem, reload };
}
