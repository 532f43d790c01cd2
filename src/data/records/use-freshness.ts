/** A screen's view of freshness.ts: whether its record is being fetched again, and whether the last fetch failed. */
import { useSnapshot } from 'valtio';
import { freshness, type Freshness } from './freshness';

const UNKNOWN: Freshness = { refreshing: false, failed: null, answered: false };

export function useFreshness(key: string | undefined): Freshness {
  const all = useSnapshot(freshness);
  return (key && all[key]) || UNKNOWN;
}
