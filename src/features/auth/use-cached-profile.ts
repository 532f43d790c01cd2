import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import { db, type CachedProfile } from '../../data/db';
import { session } from '../../data/session/session-store';

const LOADING = 'loading' as const;

/** The signed-in user's saved profile, live from IndexedDB (so it also reads offline). */
export function useCachedProfile(): { profile: CachedProfile | undefined; loading: boolean } {
  const { user } = useSnapshot(session);
  const result = useLiveQuery(() => (user ? db.profiles.get(user.sub) : undefined), [user?.sub], LOADING);
  return result === LOADING ? { profile: undefined, loading: true } : { profile: result, loading: false };
}
