/**
 * A record's screen fetches it again when it opens and when the connection comes back, while the saved copy is
 * already drawn (issue 56): whether that fetch is under way and how the last one failed, for the screen's freshness
 * line and its not-found state.
 */
import { useEffect, useState, type DependencyList } from 'react';
import { useSnapshot } from 'valtio';
import { NetworkError } from '../api/api-client';
import { connectivity } from '../device/connectivity';
import type { Freshness } from './freshness';

export function useRefreshOnOpen(refresh: () => Promise<unknown>, deps: DependencyList): Freshness & { failure: Error | null } {
  const { online } = useSnapshot(connectivity);
  const [refreshing, setRefreshing] = useState(true);
  const [answered, setAnswered] = useState(false);
  const [failure, setFailure] = useState<Error | null>(null);
  useEffect(() => {
    let current = true;
    setRefreshing(true);
    refresh()
      .then(
        () => current && (setFailure(null), setAnswered(true)),
        (error: Error) => current && setFailure(error),
      )
      .finally(() => current && setRefreshing(false));
    return () => void (current = false);
    // The caller names what the refresh depends on; the connection coming back fetches again.
  }, [...deps, online]);
  return { refreshing, answered, failure, failed: failure ? (failure instanceof NetworkError ? 'offline' : 'failed') : null };
}
