/**
 * SPEC §8 chunk-load errors, handled where they happen (route imports and Vite's preload
 * errors) rather than in React: reload once per path per 10 s, otherwise let the error show.
 */
import { claimChunkReload, isChunkLoadError } from '../domain/chunk-reload-guard';

/** Reloads the page if this path may reload now; says whether it did. */
export function reloadForChunkError(): boolean {
  if (!navigator.onLine || !claimChunkReload(sessionStorage, window.location.pathname, Date.now())) return false;
  window.location.reload();
  return true;
}

/** Wraps a route's lazy import so that a missing chunk reloads the page once instead of failing. */
export function reloadingImport<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      if (isChunkLoadError(error) && reloadForChunkError()) return new Promise<T>(() => {});
      throw error;
    });
}
