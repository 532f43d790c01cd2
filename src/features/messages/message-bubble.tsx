/**
 * One message of a thread: its words, when, how far it got (for yours), the warning both parties
 * see on a request to pay outside the product, and a way to report one of the other party's.
 */
import { useEffect, useRef, useState } from 'react';
import { reportMessage } from '../../data/records/thread-store';
import { deliveryState, type Thread, type ThreadEntry } from '../../domain/message-contract';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextareaField } from '../../ui/form/textarea-field';
import { MessageAttachment } from './message-attachment';
import { MessageText } from './message-text';

type MessageEntry = Extract<ThreadEntry, { type: 'message' }>;

const DELIVERY_WORDS = { sent: 'Sent', delivered: 'Delivered', read: 'Read' } as const;
export const timeOf = (at: string) =>
  new Date(at).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** The warning both parties see on a request to pay outside the product, worded for its reader. */
export function OffPlatformWarning({ mine }: { mine: boolean }) {
  return mine ? (
    <Alert kind="warning" title="The other party is warned about this message">
      It asks for money some other way (a wire, gift cards, a payment app, crypto). Money sent that way is not protected: ask for it in the
      sale’s Payment step instead.
    </Alert>
  ) : (
    <Alert kind="warning" title="Never pay outside Caramel">
      It asks for money some other way (a wire, gift cards, a payment app, crypto). Money sent that way is not protected and cannot be got
      back: pay only in the sale’s Payment step.
    </Alert>
  );
}

function Report({ entry, negotiationId }: { entry: MessageEntry; negotiationId: string }) {
  const [open, setOpenState] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  // Closing the form gives the focus back to the button that opened it.
  const setOpen = (next: boolean) => {
    returnFocus.current = !next;
    setOpenState(next);
  };
  useEffect(() => {
    if (!open && returnFocus.current) opener.current?.focus();
  }, [open]);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  if (entry.reported) return <p className="help">You reported this message. An admin will look at it.</p>;
  if (!open)
    return (
      <Button ref={opener} size="small" variant="text" onClick={() => setOpen(true)}>
        Report<span className="visually-hidden"> this message</span>
      </Button>
    );
  const send = (event: React.FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 3) return setProblem('Say what is wrong with this message');
    reportMessage(negotiationId, entry.id, reason.trim()).then(
      () => setOpen(false),
      (error: Error) => setProblem(error.message),
    );
  };
  return (
    // Escape closes it, as a dialog would.
    <form
      onSubmit={send}
      noValidate
      aria-label="Report this message"
      className="mt-2"
      onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
    >
      <TextareaField
        label="What is wrong with it?"
        rows={2}
        value={reason}
        error={problem}
        autoFocus
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="buttons">
        <Button type="submit" size="small" variant="danger">
          Send report
        </Button>
        <Button size="small" variant="text" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Who wrote it, as the reader knows them: "You", the other party's first name, or (for an admin) their side. */
function authorName(entry: MessageEntry, thread: Thread): string {
  if (entry.by === 'you') return 'You';
  if (!thread.myRole) return entry.side === 'buyer' ? 'The buyer' : 'The seller';
  return thread.otherName ?? `The ${thread.myRole === 'buyer' ? 'seller' : 'buyer'}`;
}

export function MessageBubble({ entry, thread, readOnly }: { entry: MessageEntry; thread: Thread; readOnly: boolean }) {
  const mine = entry.by === 'you';
  return (
    <div className={`message-bubble${mine ? ' is-mine' : ''}`}>
      <p className="help">
        <span className="has-text-weight-semibold">{authorName(entry, thread)}</span>
        {' · '}
        <time dateTime={entry.at}>{timeOf(entry.at)}</time>
        {mine && <> · {DELIVERY_WORDS[deliveryState(entry.seq, thread)]}</>}
      </p>
      {entry.body && <MessageText body={entry.body} />}
      {entry.attachment && <MessageAttachment file={entry.attachment} />}
      {entry.offPlatformPayment && <OffPlatformWarning mine={mine} />}
      {!mine && !readOnly && <Report entry={entry} negotiationId={thread.negotiationId} />}
    </div>
  );
}
