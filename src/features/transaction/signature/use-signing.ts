/** The signing state of a transaction, read from the API and read again while the party waits for the other. */
import { useCallback, useEffect, useState } from 'react';
import { useDeal } from '../../../data/deals';
import { signingStateOf } from '../../../data/signing';
import { dismissToast } from '../../../ui/toast-store';
import type { SigningState } from '../../../domain/signing';

const WAIT_POLL_MS = 15_000;

/** The notice shown after the party signed, which says what they still wait for: taken down once it is no longer so. */
let waitingNotice: number | null = null;
export function noticeWhileWaiting(id: number) {
  waitingNotice = id;
}

/**
 * `moved` changes whenever either side's sale moves (the party's version, the other party's last
 * step, both kept current by live notices): the state is read again then, so a party waiting for the
 * other's payment or signature sees it at once. The slow poll is the fallback without live notices.
 */
export function useSigning({ id: transactionId, version, dealId }: { id: string; version: number; dealId: string }) {
  const moved = `${version}:${useDeal(dealId)?.otherParty?.updatedAt ?? ''}`;
  const [state, setState] = useState<SigningState | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const reload = useCallback(
    () =>
      signingStateOf(transactionId).then(
        (fresh) => {
          if (fresh.status === 'completed' && waitingNotice !== null) dismissToast(waitingNotice);
          setState(fresh);
          setProblem(null);
          return fresh;
        },
        (error: Error) => (setProblem(error.message), null),
      ),
    [transactionId],
  );
  useEffect(() => void reload(), [reload, moved]);
  // While the other party is still to pay or sign, look again now and then (and when the tab comes back).
  const waiting = state !== null && state.status !== 'completed' && (state.waitingFor !== null || state.you.signedAt !== null);
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void reload(), WAIT_POLL_MS);
    const onVisible = () => document.visibilityState === 'visible' && void reload();
    document.addEventListener('visibilitychange', onVisible);
    return () => (clearInterval(timer), document.removeEventListener('visibilitychange', onVisible));
  }, [waiting, reload]);
  return { state, problem, reload };
}
