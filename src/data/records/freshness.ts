/**
 * Which saved records are being fetched again right now, and whether the last fetch failed (issue 56): a screen draws
 * what is saved at once and says how old it is and that a fresh copy is on its way — never a spinner where saved data
 * exists. One fetch per key at a time, so the guard's and the screen's are the same request on a slow connection.
 * Plain state (valtio/vanilla): the service worker carries the modules that call this without React.
 */
import { proxy } from 'valtio/vanilla';
import { NetworkError } from '../api/api-client';

export interface Freshness {
  refreshing: boolean;
  /** Why the last fetch failed: no connection, or an answer that was not the record. */
  failed: 'offline' | 'failed' | null;
  /** A fetch has answered since this tab opened (a new person's empty lists are then known to be empty). */
  answered: boolean;
}

export const freshness = proxy<Record<string, Freshness>>({});

const running = new Map<string, Promise<unknown>>();

/**
 * Runs `refresh` for `key` unless one is already running (then answers that one), and keeps its state for the screens.
 * `quietly`: a poll the person did not ask for (a provider's answer awaited every 3 s) changes nothing the screen says.
 */
export function refreshOnce<T>(key: string, refresh: () => Promise<T>, { quietly = false } = {}): Promise<T> {
  const current = running.get(key) as Promise<T> | undefined;
  if (current) return current;
  if (quietly) {
    const polling = refresh().finally(() => running.delete(key));
    running.set(key, polling);
    return polling;
  }
  freshness[key] = { refreshing: true, failed: freshness[key]?.failed ?? null, answered: freshness[key]?.answered ?? false };
  const work = refresh()
    .then(
      (value) => {
        freshness[key] = { refreshing: false, failed: null, answered: true };
        return value;
      },
      (error: unknown) => {
        freshness[key] = {
          refreshing: false,
          failed: error instanceof NetworkError ? 'offline' : 'failed',
          answered: freshness[key]?.answered ?? false,
        };
        throw error;
      },
    )
    .finally(() => running.delete(key));
  running.set(key, work);
  return work;
}

/** The keys screens and guards share. */
export const FRESHNESS_KEYS = {
  transactions: 'transactions',
  transaction: (id: string) => `transaction:${id}`,
  offers: 'offers',
  overview: 'overview',
} as const;
