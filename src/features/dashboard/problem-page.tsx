/**
 * `/dashboard/active-transactions/problem/{transactionId}`: the case about the car (issue 34).
 * Before one is raised, the buyer raises a problem here while their time after the handover runs
 * (reason, what is wrong, photos); then both parties read the case, add evidence while it is open,
 * and read the decision. Follows live notices, so each side sees the other's evidence arrive.
 */
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { addEvidence, fetchDelivery, raiseProblem } from '../../data/api/delivery';
import { readDraft, saveDraft } from '../../data/device/drafts';
import { useApiAnswer } from '../../data/records/use-api-answer';
import { clockWords, deliveryState, PROBLEM_REASONS, type Delivery, type ProblemReason } from '../../domain/delivery';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { CaseView } from '../../ui/delivery/case-view';
import { HandoverRecordView } from '../../ui/delivery/handover-section';
import { fetchHandover } from '../../data/api/handover';
import { timelinePath } from '../../domain/deal-timeline';
import { useNow } from '../../ui/clock';
import { EvidenceForm } from '../../ui/delivery/evidence-form';
import { SelectField } from '../../ui/form/select-field';
import { showToast } from '../../ui/toast-store';

/** Why there is no case to show, in the reader's words, and where to turn instead. */
function NoCase({ delivery }: { delivery: Delivery }) {
  const state = deliveryState(delivery);
  const why =
    state === 'waiting for handover'
      ? 'A problem with the car can be raised once it has been handed over.'
      : state !== 'confirmed'
        ? delivery.side === 'seller'
          ? 'The buyer has not raised a problem.'
          : 'No problem was raised for this sale.'
        : delivery.confirmedBy === 'clock'
          ? 'The time to raise a problem after the handover has ended, so delivery counted as confirmed and the money was paid out.'
          : delivery.side === 'buyer'
            ? 'You confirmed delivery, so the money was paid out and no problem can be raised here any more.'
            : 'The buyer confirmed delivery, so the rest of your payout was paid out.';
  return (
    <>
      <p className="mb-3">{why}</p>
      {state === 'confirmed' && delivery.side === 'buyer' && (
        <p>
          Something wrong all the same? Write to the seller in <Link to="/dashboard/messages">your messages</Link>, or reach us through{' '}
          <Link to="/help">Help</Link>.
        </p>
      )}
    </>
  );
}

function RaiseForm({ transactionId, delivery, onSent }: { transactionId: string; delivery: Delivery; onSent: () => void }) {
  const draftKey = `problem:${transactionId}`;
  const [reason, setReason] = useState<ProblemReason | ''>('');
  const [tried, setTried] = useState(false);
  const now = useNow();
  useEffect(() => {
    void readDraft(`${draftKey}:reason`).then((draft) => {
      if (typeof draft?.reason === 'string') setReason((chosen) => chosen || (draft.reason as ProblemReason));
    });
  }, [draftKey]);
  const choose = (value: string) => {
    setReason(value as ProblemReason);
    void saveDraft(`${draftKey}:reason`, { reason: value });
  };
  const reasonProblem = reason ? undefined : 'Choose what the problem is';
  return (
    <>
      <p className="mb-2">{clockWords(delivery, now)}</p>
      <p className="mb-4">
        Tell us what is wrong and show it. The money still held stays held, the seller can answer with their side, and Caramel decides:
        paying the seller, refunding you part of the price, or a full refund once the car is back with the seller.
      </p>
      <EvidenceForm
        transactionId={transactionId}
        label="Raise a problem"
        noteLabel="What is wrong"
        draftKey={draftKey}
        extra={
          <SelectField
            label="The problem"
            placeholder="Choose one"
            value={reason}
            error={tried ? reasonProblem : undefined}
            options={PROBLEM_REASONS.map((value) => ({ value, label: value }))}
            onChange={(event) => choose(event.target.value)}
          />
        }
        validate={() => {
          setTried(true);
          return reason !== '';
        }}
        send={(input) =>
          raiseProblem(transactionId, {
            reason: reason as ProblemReason,
            description: input.note,
            photos: input.photos,
            idempotencyKey: input.idempotencyKey,
          })
        }
        onSent={() => {
          showToast('Your problem is raised: the money stays held until Caramel decides.', 'success');
          onSent();
        }}
      />
    </>
  );
}

/** Both parties' records of the handover and the way to the sale's timeline: what the case is judged against. */
function CaseRecords({ id }: { id: string }) {
  const { answer } = useApiAnswer(() => fetchHandover(id), [id], { followLive: true });
  return (
    <section aria-labelledby="case-handover" className="mt-5">
      <h2 id="case-handover" className="title is-5">
        The handover
      </h2>
      {answer?.records.length ? (
        <ul className="mb-3">
          {answer.records.map((record) => (
            <HandoverRecordView key={record.side} record={record} />
          ))}
        </ul>
      ) : (
        <p className="mb-3">{answer ? 'Neither of you recorded the handover.' : 'Loading the handover records…'}</p>
      )}
      <Link to={timelinePath(id)}>The sale’s timeline</Link>
    </section>
  );
}

function Case({ id }: { id: string }) {
  const { answer, problem, reload } = useApiAnswer(() => fetchDelivery(id), [id], { followLive: true });
  if (problem && !answer && !navigator.onLine)
    return <p>You are offline: the case opens when you are back online. Whatever you wrote in it stays on this device until then.</p>;
  if (problem && !answer)
    return (
      <Alert kind="danger" title="The case could not be loaded">
        <p className="mb-2">{problem.message}</p>
        <Button size="small" variant="outlined" onClick={() => void reload()}>
          Try again
        </Button>
      </Alert>
    );
  if (!answer) return <p aria-busy="true">Loading the case…</p>;
  const back = (
    <p className="mt-4">
      <Link to={`/dashboard/active-transactions/track-delivery/${id}`}>Back to the delivery</Link>
    </p>
  );
  if (!answer.dispute)
    return (
      <>
        {answer.canRaiseProblem ? (
          <RaiseForm transactionId={id} delivery={answer} onSent={() => void reload()} />
        ) : (
          <NoCase delivery={answer} />
        )}
        {back}
      </>
    );
  return (
    <>
      <CaseView dispute={answer.dispute} reader={answer.side} />
      {answer.dispute.canAddEvidence && (
        <EvidenceForm
          transactionId={id}
          label="Add to the case"
          noteLabel="What this shows"
          draftKey={`evidence:${id}`}
          send={(input) => addEvidence(id, input)}
          onSent={() => {
            showToast('Added to the case.', 'success');
            void reload();
          }}
        />
      )}
      <CaseRecords id={id} />
      {back}
    </>
  );
}

export function Component() {
  const { transactionId } = useParams();
  return (
    <>
      <title>The car: a problem and its case</title>
      <h1 className="title">A problem with the car</h1>
      {transactionId ? (
        <Case id={transactionId} />
      ) : (
        <p>
          Open a sale from <Link to="/dashboard/active-transactions">your transactions</Link> to raise a problem or read its case.
        </p>
      )}
    </>
  );
}
