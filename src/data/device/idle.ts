/**
 * SPEC §9: a page's idle data fetch (one nobody is waiting for) starts 1 s after the browser
 * goes idle, so it never competes with what the page needs first — except on a slow
 * connection, where waiting only makes a slow fetch later, so it starts at once.
 */
export const IDLE_FETCH_DELAY_MS = 1000;

type NetworkInformation = { saveData?: boolean; effectiveType?: string };

export function isSlowConnection(
  connection: NetworkInformation | undefined = (navigator as { connection?: NetworkInformation }).connection,
): boolean {
  return Boolean(connection && (connection.saveData || connection.effectiveType === 'slow-2g' || connection.effectiveType === '2g'));
}

/** Runs `task` when the browser is idle plus 1 s (at once on a slow connection); returns a cancel. */
export function afterIdle(task: () => void): () => void {
  if (isSlowConnection()) {
    task();
    return () => {};
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const whenIdle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1));
  const cancelIdle = window.cancelIdleCallback ?? clearTimeout;
  const handle = whenIdle(() => {
    timer = setTimeout(task, IDLE_FETCH_DELAY_MS);
  });
  return () => {
    cancelIdle(handle as never);
    if (timer) clearTimeout(timer);
  };
}
