/**
 * `/dashboard/messages`: the user's conversations, newest first, with what is unread in each.
 * A conversation starts from an offer or a sale ("Messages" beside it); this list shows the ones
 * that have a message. The last list read is kept on this device, so it shows at once with its
 * age, offline too, while a fresh one is read behind it.
 */
import { Link } from 'react-router-dom';
import { fetchThreads } from '../../data/records/thread-store';
import { useApiAnswer } from '../../data/records/use-api-answer';
import { threadPath } from '../../domain/message-contract';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { FreshnessLine } from '../../ui/freshness-line';
import { timeOf } from './message-bubble';

export function Component() {
  const { answer, problem, reload, shownAt, refreshing } = useApiAnswer(fetchThreads, [], { followLive: true, keep: 'threads' });
  return (
    <>
      <title>Messages</title>
      <h1 className="title">Messages</h1>
      {answer && shownAt !== undefined && (
        <FreshnessLine savedAt={shownAt} refreshing={refreshing} failed={problem ? 'failed' : null} answered className="mb-3" />
      )}
      {problem && !answer ? (
        <Alert kind="warning" title="Your messages could not be loaded">
          Check your connection and try again. A conversation you opened before still reads offline from its offer or sale.
          <div className="mt-2">
            <Button size="small" variant="outlined" onClick={() => void reload()}>
              Try again
            </Button>
          </div>
        </Alert>
      ) : !answer ? (
        <p aria-busy="true">Loading your messages…</p>
      ) : answer.threads.length === 0 ? (
        <p>
          No messages yet. To write to the other party of an offer or a sale, choose “Messages” beside it in{' '}
          <Link to="/dashboard/caramel-offers">Offers</Link> or <Link to="/dashboard/active-transactions">Active transactions</Link>.
        </p>
      ) : (
        <ul className="thread-list">
          {answer.threads.map((thread) => (
            <li key={thread.negotiationId} className="box">
              <Link to={threadPath(thread.negotiationId)} className="thread-list-link">
                <span className="has-text-weight-semibold">{thread.vehicle}</span>
                {thread.otherName && <span> · with {thread.otherName}</span>}
                {/* Its own phrase to a screen reader ("with Sam, 1 unread"), not run into the name. */}
                {thread.unread > 0 && (
                  <span className="tag is-danger is-rounded ml-2">
                    <span className="visually-hidden">, </span>
                    {thread.unread} unread
                  </span>
                )}
              </Link>
              {thread.last && (
                <p className="help">
                  {thread.last.by === 'you' ? 'You: ' : ''}
                  {thread.last.body.length > 120 ? `${thread.last.body.slice(0, 120)}…` : thread.last.body} ·{' '}
                  <time dateTime={thread.last.at}>{timeOf(thread.last.at)}</time>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
