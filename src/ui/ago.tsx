/** "just now", "3 minutes ago": how old something is, read from the shared ticking clock, so it ages on screen by itself. */
import { savedAgo } from '../domain/saved-ago';
import { useNow } from './clock';

export function Ago({ at }: { at: number }) {
  return <>{savedAgo(at, useNow())}</>;
}
