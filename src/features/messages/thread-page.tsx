/**
 * `/dashboard/messages/{negotiationId}`: the conversation of an offer and the deal it becomes,
 * between its two parties. Read from IndexedDB (refreshed on open, by live notices and when the
 * connection returns), so it reads offline with its age; what is shown is marked read.
 */
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../../data/api/api-client';
import { onLiveChange } from '../../data/records/live';
import { refreshNegotiation } from '../../data/records/offer-store';
import { markThreadRead, refreshThread, setThreadOnScreen } from '../../data/records/thread-store';
import { useRefreshOnOpen } from '../../data/records/use-refresh-on-open';
import { useThread } from '../../data/records/use-thread';
import { MESSAGES_PATH } from '../../domain/message-contract';
import { transactionEntry } from '../../domain/transaction-steps';
import { Alert } from '../../ui/alert';
import { MessageComposer } from './message-composer';
import { ThreadEntries } from './thread-entries';
import { FreshnessLine } from '../../ui/freshness-line';

/**
 * The thread shows the deal's steps and the offers too: any other change this tab hears (a step, an
 * offer) fetches it again, a burst once; its own notices are fetched already (live.ts).
 */
function useFollowDeal(negotiationId: string) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onLiveChange((notice) => {
      if (notice?.kind === 'thread' || notice?.kind === 'notification') return;
      clearTimeout(timer);
      timer = setTimeout(() => void refreshThread(negotiationId).catch(() => undefined), 300);
    });
    return () => (stop(), clearTimeout(timer));
  }, [negotiationId]);
}

function useMarkRead(negotiationId: string, unread: number | undefined) {
  useEffect(() => {
    const mark = () => document.visibilityState === 'visible' && void markThreadRead(negotiationId);
    if (unread) mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [negotiationId, unread]);
}

export function Component() {
  const { negotiationId = '' } = useParams();
  const saved = useThread(negotiationId);
  useEffect(() => {
    setThreadOnScreen(negotiationId);
    return () => setThreadOnScreen(null);
  }, [negotiationId]);
  const fresh = useRefreshOnOpen(() => {
    void refreshNegotiation(negotiationId).catch(() => undefined);
    return refreshThread(negotiationId);
  }, [negotiationId]);
  const failure = fresh.failure;
  useMarkRead(negotiationId, saved?.thread?.unread);
  useFollowDeal(negotiationId);
  const missing = failure instanceof ApiError && (failure.status === 404 || failure.status === 400);
  const thread = saved?.thread;
  const other = thread ? (thread.otherName ?? `the ${thread.myRole === 'buyer' ? 'seller' : 'buyer'}`) : '';
  const admin = thread?.myRole === null;

  return (
    <>
      <title>{thread ? `Messages about the ${thread.vehicle}` : 'Messages'}</title>
      <h1 className="title">{thread ? `Messages about the ${thread.vehicle}` : 'Messages'}</h1>
      {missing ? (
        <Alert kind="warning">
          That conversation was not found, or it is not yours. <Link to={MESSAGES_PATH}>See your messages</Link>
        </Alert>
      ) : saved === undefined || (!thread && !failure) ? (
        <p aria-busy="true">Loading the conversation…</p>
      ) : !thread ? (
        <Alert kind="warning">
          The conversation could not be loaded and is not saved on this device yet. Connect to the internet and open it again; it will then
          read offline too.
        </Alert>
      ) : (
        <>
          <p className="mb-2">
            {admin
              ? 'Between the buyer and the seller. You can read it as an admin because a message in it was reported.'
              : `With ${other} · only the two of you can read it.`}
            {thread.myTransactionId && (
              <>
                {' '}
                <Link to={transactionEntry(thread.myTransactionId)}>Go to the sale</Link>
              </>
            )}
          </p>
          <FreshnessLine savedAt={thread.savedAt} {...fresh} className="mb-3" />
          <ThreadEntries thread={thread} queued={saved.queued} />
          {thread.closedBecause ? (
            <Alert kind="info">{thread.closedBecause}</Alert>
          ) : admin ? null : (
            <MessageComposer negotiationId={negotiationId} to={other} transactionId={thread.myTransactionId} />
          )}
        </>
      )}
      <p className="mt-5">
        <Link to={MESSAGES_PATH}>All your messages</Link>
      </p>
    </>
  );
}
