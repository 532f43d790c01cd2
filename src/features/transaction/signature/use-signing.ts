/** The signing state of a transaction, read from the API and read again while the party waits for the other. */
import { useCallback, useEffect, useState } from 'react';
import { signingStateOf } from '../../../data/signing';
import type { SigningState } from '../../../domain/signing';

const WAIT_POLL_MS = 15_000;

export function useSigning(transactionId: string) {
  const [state, setState] = useState<SigningState | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const reload = useCallback(
    () =>
      signingStateOf(transactionId).then(
        (fresh) => (setState(fresh), setProblem(null), fresh),
        (error: Error) => (setProblem(error.message), null),
      ),
    [transactionId],
  );
  useEffect(() => void reload(), [reload]);
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
