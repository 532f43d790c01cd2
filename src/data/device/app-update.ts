/**
 * Build-manifest update check (SPEC §7, DESIGN.md §7): asks builds/latest.json on an interval
 * and whenever the tab becomes visible; a new build id makes the service worker look for the
 * new version. The first check is an idle fetch (idle.ts). The prompt itself is UI (app/update-prompt.tsx).
 */
import * as v from 'valibot';
import { afterIdle } from './idle';

export const DEFAULT_UPDATE_CHECK_MS = 60 * 60 * 1000;

const latestSchema = v.object({ id: v.string(), timestamp: v.string() });

export async function fetchLatestBuildId(): Promise<string | undefined> {
  try {
    const answer = await fetch('/builds/latest.json', { cache: 'no-store' });
    return answer.ok ? v.parse(latestSchema, await answer.json()).id : undefined;
  } catch {
    return undefined; // offline or a broken deploy: try again next time
  }
}

/** Starts checking; returns a function that stops. `onNewBuild` runs once per new id seen. */
export function watchForNewBuild(currentId: string, intervalMs: number, onNewBuild: (id: string) => void): () => void {
  let announced = currentId;
  const check = async () => {
    const latest = await fetchLatestBuildId();
    if (latest && latest !== announced) {
      announced = latest;
      onNewBuild(latest);
    }
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') void check();
  };
  const timer = setInterval(check, intervalMs);
  document.addEventListener('visibilitychange', onVisible);
  const cancelFirstCheck = afterIdle(() => void check());
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
    cancelFirstCheck();
  };
}
