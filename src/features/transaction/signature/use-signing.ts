/**
 * The signing state of a transaction: kept on this device (it shows offline, and after a reload),
 * read again whenever either side's sale moves, when the connection returns, and now and then while
 * the party waits for the other (use-api-answer.ts) — never a screen left "loading" after a drop.
 */
import { useEffect } from 'react';
import { useDeal } from '../../../data/records/deals';
import { signingStateOf } from '../../../data/api/signing';
import { problemText } from '../../../data/api/problem-words';
import { useApiAnswer } from '../../../data/records/use-api-answer';
import { dismissToast } from '../../../ui/toast-store';

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
  const {
    answer: state,
    problem,
    reload,
  } = useApiAnswer(() => signingStateOf(transactionId), [transactionId, moved], {
    keep: `signing:${transactionId}`,
  });
  useEffect(() => {
    if (state?.status === 'completed' && waitingNotice !== null) dismissToast(waitingNotice);
  }, [state?.status]);
  // While the other party is still to pay or sign, look again now and then.
  const waiting = !!state && state.status !== 'completed' && (state.waitingFor !== null || state.you.signedAt !== null);
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void reload(), WAIT_POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, reload]);
  return {
    state: state ?? null,
    // A saved state is shown as it is; a problem is said only when there is nothing to show.
    problem: problem && !state ? problemText(problem, 'your documents') : null,
    reload,
  };
}
