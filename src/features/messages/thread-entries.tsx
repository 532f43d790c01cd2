/**
 * The thread's entries in order — messages, offers as cards, the deal's steps as lines — then
 * this device's messages not sent yet (or refused, with why). New messages from the other party
 * are announced politely to screen readers.
 */
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { connectivity } from '../../data/device/connectivity';
import { dismissMessage } from '../../data/outbox/messages';
import type { MessageAction } from '../../data/outbox/outbox-rows';
import type { Thread, ThreadEntry } from '../../domain/message-contract';
import { asksToPayOffPlatform } from '../../domain/message-safety';
import { useUploads } from '../../data/device/uploads';
import { Alert } from '../../ui/alert';
import { UploadItem } from '../../ui/uploads/upload-item';
import { MessageBubble, OffPlatformWarning, timeOf } from './message-bubble';
import { MessageText } from './message-text';
import { OfferCard } from './offer-card';

function Entry({ entry, thread, readOnly }: { entry: ThreadEntry; thread: Thread; readOnly: boolean }) {
  if (entry.type === 'message') return <MessageBubble entry={entry} thread={thread} readOnly={readOnly} />;
  if (entry.type === 'offer') {
    // The offer that answered this one, if any: an earlier card says it was countered, and with what.
    const later = thread.entries.slice(thread.entries.indexOf(entry) + 1).find((other) => other.type === 'offer');
    return <OfferCard entry={entry} negotiationId={thread.negotiationId} counteredWith={later?.type === 'offer' ? later : undefined} />;
  }
  return (
    <p className="thread-step help">
      <time dateTime={entry.at}>{timeOf(entry.at)}</time> · {entry.words}
    </p>
  );
}

/** The upload of a file not sent yet: its progress, and pause, resume or cancel (the message goes once it finished). */
function QueuedFile({ taskId }: { taskId: string }) {
  const task = useUploads()?.find((candidate) => candidate.id === taskId);
  if (!task) return null;
  return (
    <ul className="upload-list">
      <UploadItem task={task} />
    </ul>
  );
}

function Queued({ row }: { row: MessageAction }) {
  const { online } = useSnapshot(connectivity);
  return (
    <div className="message-bubble is-mine is-queued">
      <p className="help">
        <span className="has-text-weight-semibold">You</span> · {row.state === 'refused' ? 'Not sent' : 'Not sent yet'}
        {row.state === 'pending' && (online ? ' · sending…' : ' · goes out when you are back online')}
      </p>
      {row.body && <MessageText body={row.body} />}
      {row.attachment && <QueuedFile taskId={row.attachment.taskId} />}
      {asksToPayOffPlatform(row.body) && <OffPlatformWarning mine />}
      {row.state === 'refused' && (
        <Alert kind="danger" title="This message was not sent" dismissible onDismiss={() => void dismissMessage(row.seq!)}>
          {row.error}
        </Alert>
      )}
    </div>
  );
}

/** What a screen reader hears when the other party's message arrives while the thread is open. */
function useArrivals(thread: Thread): string {
  const [said, setSaid] = useState('');
  const seen = useRef<number | null>(null);
  useEffect(() => {
    const theirs = thread.entries.filter((entry) => entry.type === 'message' && entry.by === 'other party');
    const newest = theirs.at(-1);
    const newestSeq = newest?.type === 'message' ? newest.seq : 0;
    if (seen.current !== null && newestSeq > seen.current && newest?.type === 'message')
      setSaid(`New message from ${thread.otherName ?? 'the other party'}: ${newest.body}`);
    seen.current = newestSeq;
  }, [thread]);
  return said;
}

/**
 * Opens at the newest entry (the conversation reads upwards from the box), and follows new ones
 * while the reader is at the bottom; someone reading back up is left where they are.
 */
function useFollowNewest(count: number) {
  const list = useRef<HTMLOListElement>(null);
  const shown = useRef(0);
  const atBottom = useRef(true);
  useEffect(() => {
    const measure = () => (atBottom.current = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 160);
    window.addEventListener('scroll', measure, { passive: true });
    return () => window.removeEventListener('scroll', measure);
  }, []);
  useEffect(() => {
    if (count > shown.current && (shown.current === 0 || atBottom.current))
      list.current?.lastElementChild?.scrollIntoView({ block: shown.current === 0 ? 'center' : 'nearest' });
    shown.current = count;
  }, [count]);
  return list;
}

export function ThreadEntries({ thread, queued }: { thread: Thread; queued: MessageAction[] }) {
  const said = useArrivals(thread);
  const list = useFollowNewest(thread.entries.length + queued.length);
  const readOnly = thread.closedBecause !== null || thread.myRole === null;
  return (
    <>
      <ol ref={list} className="thread-entries" aria-label="Conversation">
        {thread.entries.map((entry) => (
          <li key={`${entry.type}:${entry.id}`} className={`thread-entry is-${entry.type}`}>
            <Entry entry={entry} thread={thread} readOnly={readOnly} />
          </li>
        ))}
        {queued.map((row) => (
          <li key={`queued:${row.idempotencyKey}`} className="thread-entry is-message">
            <Queued row={row} />
          </li>
        ))}
      </ol>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {said}
      </p>
    </>
  );
}
