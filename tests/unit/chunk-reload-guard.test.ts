import { describe, expect, it } from 'vitest';
import { claimChunkReload, isChunkLoadError } from '../../src/domain/chunk-reload-guard';

function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
}

describe('chunk-reload guard (SPEC §8)', () => {
  it('allows one reload per path per 10 seconds', () => {
    const storage = memoryStorage();
    expect(claimChunkReload(storage, '/help', 1_000)).toBe(true);
    expect(claimChunkReload(storage, '/help', 10_999)).toBe(false);
    expect(claimChunkReload(storage, '/about', 10_999)).toBe(true);
    expect(claimChunkReload(storage, '/help', 11_000)).toBe(true);
  });

  it('recognises the chunk-load errors browsers raise', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/help-page-abc.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
