/**
 * SPEC §8: a chunk that fails to load (usually a deploy replaced it) reloads the page, at most
 * once per 10 seconds per path, so a chunk that is really gone cannot cause a reload loop.
 */
export const CHUNK_RELOAD_GUARD_MS = 10_000;

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|ChunkLoadError/i;

export function isChunkLoadError(error: unknown): boolean {
  return CHUNK_ERROR.test(String((error as { message?: unknown })?.message ?? error));
}

/** True (and remembered) when this path may reload now; false inside the guard window. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function claimChunkReload(storage: KeyValueStore, path: string, now: number): boolean {
  const key = `chunk-reload:${path}`;
  const last = storage.getItem(key);
  if (last !== null && now - Number(last) < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(key, String(now));
  return true;
}
