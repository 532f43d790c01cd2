/**
 * Delivery confirmation on the delivery page and on every screen of the sale (issue 34, 41): after
 * the handover both parties see the clock ("releases in 41 h unless the buyer raises a problem");
 * the buyer confirms the car is as described (the seller is paid at once) or raises a problem,
 * which opens a case. Drawn from the saved transaction (its sale, delivery and money), which live
 * notices keep current, so each side sees the other's move without reloading — and offline, what
 * was saved — with the same words for the money as "What happens next".
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { connectivity } from '../../data/device/connectivity';
import { queueDeliveryConfirmation } from '../../data/outbox/outbox';
import { useDeliveryConfirmation } from '../../data/outbox/use-delivery-confirmation';
import { casePath, clockWords, decisionWords, DISPUTE_STATUS_LABELS } from '../../domain/delivery';
import { paymentWords, payoutWords } from '../../domain/money-words';
import { deadlineText } from '../../domain/sale-state';
import type { TransactionDetail } from '../../domain/transaction-contract';
import { Alert } from '../alert';
import { Button } from '../button';
import { useNow } from '../clock';

const when = (at: string) => new Date(at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

type Side = TransactionDetail['side'];

const CONFIRMED: Record<NonNullable<TransactionDetail['delivery']['confirmedBy']>, (side: Side) => string> = {
  buyer: (side) => (side === 'buyer' ? 'You confirmed the car is as described' : 'The buyer confirmed the car is as described'),
  clock: () => 'The time to raise a problem ended with none raised',
  admin: () => 'Caramel decided the case',
};

function Confirm({ transactionId, onDone }: { transactionId: string; onDone: () => void }) {
  const { online } = useSnapshot(connectivity);
  const [asking, setAsking] = useState(false);
  // The confirmation is an outbox row with the key made at the press: a reload, a retry or the background send carry
  // the same key, so the server confirms once whatever happens to the answer.
  const queued = useDeliveryConfirmation(transactionId);
  const sending = queued?.state === 'pending';
  const problem = queued?.state === 'refused' ? (queued.error ?? 'The confirmation was not accepted.') : null;
  const yes = useRef<HTMLButtonElement>(null);
  const start = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    // The question takes the focus when it opens, and gives it back to the button that opened it when it closes.
    if (asking) yes.current?.focus();
    else if (opened.current) start.current?.focus();
    opened.current = asking;
  }, [asking]);
  const send = () => void queueDeliveryConfirmation(transactionId);
  // Sent and applied: the panel says so, and the focus goes to its heading.
  const wasSending = useRef(false);
  useEffect(() => {
    if (wasSending.current && !queued) {
      setAsking(false);
      onDone();
    }
    wasSending.current = sending;
  }, [queued, sending, onDone]);
  const raise = (
    <Link className="button is-light" to={casePath(transactionId)}>
      Raise a problem
    </Link>
  );
  return (
    <>
      {!asking && !sending ? (
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

export function DeliveryPanel({ detail }: { detail: TransactionDetail }) {
  const now = useNow();
  const heading = useRef<HTMLHeadingElement>(null);
  const { sale, delivery, side } = detail;
  const buyer = side === 'buyer';
  const stage = sale.stage;
  if (!['clock running', 'disputed', 'finishing', 'closed', 'refunded'].includes(stage) || !delivery.handedOverAt) return null;
  const decision = delivery.dispute?.decision;
  const money = buyer
    ? paymentWords(detail.money, sale, detail.priceBreakdown?.dueAtSigningCents ?? null)
    : payoutWords(detail.money, sale);
  return (
    <section aria-labelledby="delivery-heading" className="box mt-5">
      <h2 id="delivery-heading" className="title is-4" tabIndex={-1} ref={heading}>
        Delivery confirmation
      </h2>
      {stage === 'clock running' && sale.releasesAt && (
        <>
          <p className="is-size-5" role="timer" aria-live="off">
            {clockWords({ side, releasesAt: sale.releasesAt }, now)}
          </p>
          <p className="help mb-3">
            {buyer ? 'Your time ends' : 'The buyer’s time ends'} <time dateTime={sale.releasesAt}>{deadlineText(sale.releasesAt)}</time>.
          </p>
          <p className="mb-4">
            {buyer
              ? 'Check the car against the listing and the documents. Confirm delivery to pay the seller now, or raise a problem before your time ends: the money then stays held until Caramel decides.'
              : 'If the buyer raises a problem, the money stays held until Caramel decides, and you can answer in the case.'}{' '}
            {money}
          </p>
          {delivery.canConfirm && <Confirm transactionId={detail.id} onDone={() => heading.current?.focus()} />}
        </>
      )}
      {stage === 'disputed' && delivery.dispute && (
        <Alert kind="warning" title={buyer ? 'You raised a problem' : 'The buyer raised a problem'}>
          <p className="mb-2">
            {delivery.dispute.reason}. The money still held stays held until Caramel decides.{' '}
            {DISPUTE_STATUS_LABELS[delivery.dispute.status]}.
          </p>
          <Link to={casePath(detail.id)}>Open the case</Link>
        </Alert>
      )}
      {delivery.confirmedAt && delivery.confirmedBy && (
        <p role="status">
          <strong>Delivery is confirmed.</strong> {CONFIRMED[delivery.confirmedBy](side)},{' '}
          <time dateTime={delivery.confirmedAt}>{when(delivery.confirmedAt)}</time>.{' '}
          {decision && `Caramel ${decisionWords(decision, side)}. `}
          {money}
        </p>
      )}
      {stage === 'refunded' && <p>Caramel refunded the buyer in full after the case; the car went back to the seller.</p>}
      {delivery.dispute && stage !== 'disputed' && (
        <p className="mt-2">
          <Link to={casePath(detail.id)}>The case about the car</Link>
        </p>
      )}
    </section>
  );
}
