/**
 * Delivery confirmation on the delivery page and the transaction's home (issue 34): after the
 * handover both parties see the clock ("releases in 41 h unless the buyer raises a problem"); the
 * buyer confirms the car is as described (the seller is paid at once) or raises a problem, which
 * opens a case. Follows live notices, so each side sees the other's move without reloading.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { connectivity } from '../../data/connectivity';
import { confirmDelivery, fetchDelivery } from '../../data/delivery';
import { useApiAnswer } from '../../data/use-api-answer';
import { casePath, clockWords, decisionWords, deliveryState, DISPUTE_STATUS_LABELS, type Delivery } from '../../domain/delivery';
import { Alert } from '../alert';
import { Button } from '../button';

const when = (at: string) => new Date(at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The clock moves on by the minute while it is on screen. */
export function useMinute(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const CONFIRMED: Record<NonNullable<Delivery['confirmedBy']>, (side: Delivery['side']) => string> = {
  buyer: (side) => (side === 'buyer' ? 'You confirmed the car is as described' : 'The buyer confirmed the car is as described'),
  clock: () => 'The time to raise a problem ended with none raised',
  admin: () => 'Caramel decided the case',
};

function Confirm({ transactionId, onDone }: { transactionId: string; onDone: () => void }) {
  const { online } = useSnapshot(connectivity);
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const key = useRef(crypto.randomUUID());
  const yes = useRef<HTMLButtonElement>(null);
  const start = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    // The question takes the focus when it opens, and gives it back to the button that opened it when it closes.
    if (asking) yes.current?.focus();
    else if (opened.current) start.current?.focus();
    opened.current = asking;
  }, [asking]);
  const send = () => {
    setSending(true);
    setProblem(null);
    confirmDelivery(transactionId, key.current).then(onDone, (error: Error) => {
      setSending(false);
      setProblem(error.message);
    });
  };
  const raise = (
    <Link className="button is-light" to={casePath(transactionId)}>
      Raise a problem
    </Link>
  );
  return (
    <>
      {!asking ? (
        <div className="buttons">
          <Button ref={start} onClick={() => setAsking(true)} disabled={!online}>
            Confirm delivery
          </Button>
          {raise}
        </div>
      ) : (
        <div
          className="box"
          role="group"
          aria-label="Confirm delivery"
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !sending) setAsking(false);
          }}
        >
          <p className="mb-3">
            This pays the seller the rest of the money now. It cannot be undone: raise a problem instead if something is wrong.
          </p>
          <div className="buttons">
            <Button ref={yes} onClick={send} loading={sending} disabled={!online}>
              Yes, the car is as described
            </Button>
            <Button variant="outlined" onClick={() => setAsking(false)} disabled={sending}>
              Not yet
            </Button>
            {raise}
          </div>
        </div>
      )}
      {!online && <p className="help">You are offline: confirm delivery once you are back online.</p>}
      {problem && <Alert kind="danger">{problem}</Alert>}
    </>
  );
}

const deadline = (at: string) =>
  new Date(at).toLocaleString('en-US', { weekday: 'long', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' });

export function DeliveryPanel({ transactionId }: { transactionId: string }) {
  const { answer, reload } = useApiAnswer(() => fetchDelivery(transactionId), [transactionId], { followLive: true });
  const now = useMinute();
  const heading = useRef<HTMLHeadingElement>(null);
  const delivery = answer;
  if (!delivery) return null;
  const state = deliveryState(delivery);
  if (state === 'waiting for handover') return null;
  const buyer = delivery.side === 'buyer';
  const decision = delivery.dispute?.decision;
  return (
    <section aria-labelledby="delivery-heading" className="box mt-5">
      <h2 id="delivery-heading" className="title is-4" tabIndex={-1} ref={heading}>
        Delivery confirmation
      </h2>
      {state === 'clock running' && delivery.releasesAt && (
        <>
          <p className="is-size-5" role="timer" aria-live="off">
            {clockWords(delivery, now)}
          </p>
          <p className="help mb-3">
            {buyer ? 'Your time ends' : 'The buyer’s time ends'} <time dateTime={delivery.releasesAt}>{deadline(delivery.releasesAt)}</time>
            .
          </p>
          <p className="mb-4">
            {buyer
              ? 'Check the car against the listing and the documents. Confirm delivery to pay the seller now, or raise a problem before your time ends: the money then stays held until Caramel decides.'
              : 'What is released then: the rest of your payout. If the buyer raises a problem, it stays held until Caramel decides, and you can answer in the case.'}
          </p>
          {delivery.canConfirm && (
            <Confirm
              transactionId={transactionId}
              onDone={() => {
                void reload().then(() => heading.current?.focus());
              }}
            />
          )}
        </>
      )}
      {state === 'disputed' && delivery.dispute && (
        <Alert kind="warning" title={buyer ? 'You raised a problem' : 'The buyer raised a problem'}>
          <p className="mb-2">
            {delivery.dispute.reason}. The money still held stays held until Caramel decides.{' '}
            {DISPUTE_STATUS_LABELS[delivery.dispute.status]}.
          </p>
          <Link to={casePath(transactionId)}>Open the case</Link>
        </Alert>
      )}
      {state === 'confirmed' && delivery.confirmedAt && delivery.confirmedBy && (
        <p role="status">
          <strong>Delivery is confirmed.</strong> {CONFIRMED[delivery.confirmedBy](delivery.side)},{' '}
          <time dateTime={delivery.confirmedAt}>{when(delivery.confirmedAt)}</time>.{' '}
          {decision
            ? `Caramel ${decisionWords(decision, delivery.side)}.`
            : buyer
              ? 'The money held for delivery is paid out.'
              : 'The rest of your payout is on its way to your bank.'}
        </p>
      )}
      {state === 'refunded' && <p>Caramel refunded the buyer in full after the case; the car went back to the seller.</p>}
      {delivery.dispute && state !== 'disputed' && (
        <p className="mt-2">
          <Link to={casePath(transactionId)}>The case about the car</Link>
        </p>
      )}
    </section>
  );
}
