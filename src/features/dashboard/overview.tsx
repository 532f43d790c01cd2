/**
 * The overview (issue 21): what needs the user now across every transaction and offer — next
 * actions, money due or expected, documents asked for — newest first, the messages waiting to be
 * read, and the notifications they were sent. Read from IndexedDB (refreshed on open, and live), so it reads offline with
 * its age; loading, empty and error states of their own.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { connectivity } from '../../data/device/connectivity';
import { session } from '../../data/session/session-store';
import { MESSAGES_PATH } from '../../domain/message-contract';
import { FRESHNESS_KEYS, refreshOnce } from '../../data/records/freshness';
import { refreshOverview, useOverview } from '../../data/records/overview';
import { useFreshness } from '../../data/records/use-freshness';
import type { OverviewItem } from '../../domain/overview';
import { formatCents } from '../../domain/pricing';
import { deadlineText } from '../../domain/sale-state';
import { Alert } from '../../ui/alert';
import { Button, buttonClass } from '../../ui/button';
import { FreshnessLine } from '../../ui/freshness-line';
import { NotificationPrompt } from '../../ui/notification-prompt';

const UPDATES_SHOWN = 8;

function ItemRow({ item }: { item: OverviewItem }) {
  return (
    <li className="box overview-item">
      <div>
        <p className="has-text-weight-semibold">
          {item.title}{' '}
          <span className={`tag is-light ${item.yours ? 'is-primary' : ''}`}>
            {item.yours ? 'Your turn' : `Waiting on ${item.waitingOn ?? 'others'}`}
          </span>
        </p>
        <p>{item.text}</p>
        {item.deadline && (
          <p className="has-text-weight-semibold">
            By <time dateTime={item.deadline}>{deadlineText(item.deadline)}</time>
          </p>
        )}
        {item.money && (
          <p className="help">
            {item.money.direction === 'due' ? 'Due at signing' : 'You’ll be paid'}: <strong>{formatCents(item.money.cents)}</strong>
          </p>
        )}
      </div>
      {item.action && (
        <Link to={item.action.to} className={buttonClass({ size: 'small', variant: item.yours ? 'primary' : 'outlined' })}>
          {item.action.label}
          <span className="visually-hidden"> — {item.title}</span>
        </Link>
      )}
    </li>
  );
}

/** The messages waiting to be read, with the way to them (the count follows live, like the navigation's). */
function UnreadMessages() {
  const { dashboard } = useSnapshot(session);
  const unread = dashboard?.count.unreadMessages ?? 0;
  if (!unread) return null;
  return (
    <p className="notification is-info is-light">
      <Link to={MESSAGES_PATH}>{unread === 1 ? 'You have 1 unread message' : `You have ${unread} unread messages`}</Link> from the other
      party of an offer or a sale.
    </p>
  );
}

export function Overview({ heading }: { heading: string }) {
  const overview = useOverview();
  const { online } = useSnapshot(connectivity);
  const fresh = useFreshness(FRESHNESS_KEYS.overview);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => void refreshOnce(FRESHNESS_KEYS.overview, refreshOverview).catch(() => undefined), [online, attempt]);

  const nothingSaved = overview?.savedAt === undefined;
  return (
    <section aria-labelledby="overview-heading">
      <title>Overview</title>
      <h1 id="overview-heading" className="title">
        {heading}
      </h1>
      {overview && !nothingSaved && <FreshnessLine savedAt={overview.savedAt!} {...fresh} className="mb-3" />}
      <UnreadMessages />
      <NotificationPrompt />
      {overview === undefined || (nothingSaved && !fresh.failed && !fresh.answered) ? (
        <p aria-busy="true">Loading your overview…</p>
      ) : nothingSaved && fresh.failed ? (
        <Alert kind="warning" title="Your overview could not be loaded">
          <p className="mb-2">{online ? 'The server did not answer.' : 'You are offline, and nothing is saved on this device yet.'}</p>
          <Button size="small" variant="outlined" onClick={() => setAttempt((count) => count + 1)}>
            Try again
          </Button>
        </Alert>
      ) : (
        <>
          <h2 className="title is-5">Needs attention</h2>
          {overview.items.length === 0 ? (
            <p className="mb-5">
              Nothing needs you right now. <Link to="/dashboard/new-transactions">Start a new transaction</Link>
            </p>
          ) : (
            <ul className="overview-list mb-5">
              {overview.items.map((item) => (
                <ItemRow key={item.key} item={item} />
              ))}
            </ul>
          )}
          <h2 className="title is-5">Updates</h2>
          {overview.notifications.length === 0 ? (
            <p>No updates yet. When the other party moves, or an offer is answered, you will see it here and by e-mail.</p>
          ) : (
            <ul className="overview-updates">
              {overview.notifications.slice(0, UPDATES_SHOWN).map((notification) => (
                <li key={notification.id}>
                  <span className="help">
                    {new Date(notification.createdAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}
                  </span>
                  <p>{notification.link ? <Link to={notification.link}>{notification.subject}</Link> : notification.subject}</p>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
