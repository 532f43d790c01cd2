/**
 * `/dashboard/disputes/{disputeId}` (admins): one case — what the buyer raised, both parties'
 * evidence with each file's SHA-256, both handover records, the way to both timelines — and the
 * decision, once, said back in the future tense before it is sent: pay the seller, refund the buyer part
 * of the price out of the seller's payout still held, or refund in full once the car is back.
 * Each is posted to the ledger with its reason, and both parties are told.
 */
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { notSavedText } from '../../data/api/problem-words';
import { decideCase, fetchCase } from '../../data/api/delivery';
import { useApiAnswer } from '../../data/records/use-api-answer';
import { decisionWords, DISPUTE_DECISIONS, type DisputeDecision } from '../../domain/delivery';
import { formatCents } from '../../domain/pricing';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { CaseView } from '../../ui/delivery/case-view';
import { HandoverRecordView } from '../../ui/delivery/handover-section';
import { timelinePath } from '../../domain/deal-timeline';
import { CheckboxField, RadioGroup } from '../../ui/form/choice-fields';
import { CurrencyField } from '../../ui/form/text-field';
import { TextareaField } from '../../ui/form/textarea-field';
import { PageMeta } from '../../ui/page-meta';
import { showToast } from '../../ui/toast-store';

const DECISION_LABELS: Record<DisputeDecision, string> = {
  release: 'Pay the seller: the car is as sold',
  'partial refund': 'Refund the buyer part of the price, out of the seller’s payout still held',
  'full refund': 'Refund the buyer in full: the car is back with the seller',
};

interface Problems {
  decision?: string;
  refund?: string;
  returned?: string;
  reason?: string;
}

function DecisionForm({ disputeId, heldCents, onDecided }: { disputeId: string; heldCents: number; onDecided: () => void }) {
  const [decision, setDecision] = useState<DisputeDecision | ''>('');
  const [refund, setRefund] = useState('');
  const [returned, setReturned] = useState(false);
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const key = useRef(crypto.randomUUID());
  const [checking, setChecking] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // "$1,450.50", "1450.5" and "450" are all dollars.
  const amount = refund.replace(/[$,\s]/g, '');
  const refundCents = Math.round(Number(amount) * 100);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found: Problems = {};
    if (!decision) found.decision = 'Choose a decision';
    if (decision === 'partial refund' && (!/^\d+(\.\d{1,2})?$/.test(amount) || refundCents <= 0))
      found.refund = 'Enter the refund in dollars and cents, such as 450.00';
    else if (decision === 'partial refund' && refundCents >= heldCents)
      found.refund = `The refund must be less than the ${formatCents(heldCents)} still held for the seller`;
    if (decision === 'full refund' && !returned) found.returned = 'Confirm the car is back with the seller';
    if (reason.trim().length < 10) found.reason = 'Give the reason in at least 10 characters: both parties read it';
    setProblems(found);
    if (Object.keys(found).length || !decision) {
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [aria-invalid="true"] input')?.focus());
      return;
    }
    // A decision is final: it is said back in words, and sent on a second press.
    if (!checking) return setChecking(true);
    setSending(true);
    setRefusal(null);
    decideCase(disputeId, {
      decision,
      ...(decision === 'partial refund' ? { refundCents } : {}),
      ...(decision === 'full refund' ? { carReturned: true } : {}),
      reason: reason.trim(),
      idempotencyKey: key.current,
    }).then(
      () => {
        showToast('The case is decided; both parties are told.', 'success');
        onDecided();
      },
      (error: unknown) => {
        setSending(false);
        setRefusal(notSavedText('The decision was not saved', error));
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Decide the case" className="box" ref={form} onChange={() => setChecking(false)}>
      <h2 className="title is-5">Decide the case</h2>
      <p className="mb-3">Still held for the seller: {formatCents(heldCents)}. A decision is final and moves the money at once.</p>
      <RadioGroup
        legend="Decision"
        name="decision"
        value={decision}
        error={problems.decision}
        options={DISPUTE_DECISIONS.map((value) => ({ value, label: DECISION_LABELS[value] }))}
        onChange={(value) => setDecision(value as DisputeDecision)}
      />
      {decision === 'partial refund' && (
        <CurrencyField
          label="Refund to the buyer"
          value={refund}
          error={problems.refund}
          onChange={(event) => setRefund(event.target.value)}
        />
      )}
      {decision === 'full refund' && (
        <CheckboxField
          label="The car is back with the seller"
          checked={returned}
          error={problems.returned}
          onChange={(event) => setReturned(event.target.checked)}
        />
      )}
      <TextareaField
        label="Reason, for both parties"
        rows={3}
        value={reason}
        error={problems.reason}
        maxLength={2000}
        onChange={(event) => setReason(event.target.value)}
      />
      {refusal && <Alert kind="danger">{refusal}</Alert>}
      {checking && decision && (
        <Alert kind="warning" title="Check before deciding">
          Caramel {decisionWords({ decision, refundCents: decision === 'partial refund' ? refundCents : 0 }, null, 'to come')}. Both parties
          are told at once and the money moves; this cannot be undone.
        </Alert>
      )}
      <Button type="submit" loading={sending}>
        {checking ? 'Yes, decide' : 'Decide'}
      </Button>
    </form>
  );
}

export function Component() {
  const { disputeId = '' } = useParams();
  const { answer, problem, reload } = useApiAnswer(() => fetchCase(disputeId), [disputeId], { followLive: true });
  const meta = <PageMeta title="A dispute" description="A buyer's problem with a delivered car, its evidence and its decision." />;
  return (
    <section aria-labelledby="case-heading">
      {meta}
      <p className="mb-2">
        <Link to="/dashboard/disputes">All disputes</Link>
      </p>
      <h1 id="case-heading" className="title">
        The case about the car
      </h1>
      {problem && !answer && (
        <Alert kind={'status' in problem && problem.status === 403 ? 'warning' : 'danger'}>
          {'status' in problem && problem.status === 403 ? 'Only an admin can see disputes.' : problem.message}
        </Alert>
      )}
      {!answer && !problem && <p role="status">Loading the case…</p>}
      {answer && (
        <>
          <CaseView dispute={answer.case} />
          <h2 className="title is-5">The handover</h2>
          {answer.handover.length ? (
            <ul className="mb-4" aria-label="Handover records">
              {answer.handover.map((record) => (
                <HandoverRecordView key={record.side} record={record} />
              ))}
            </ul>
          ) : (
            <p className="mb-4">Neither party recorded the handover.</p>
          )}
          <p className="mb-4">
            {answer.buyerTransactionId && <Link to={timelinePath(answer.buyerTransactionId)}>The buyer’s timeline</Link>}
            {answer.buyerTransactionId && answer.sellerTransactionId && ' · '}
            {answer.sellerTransactionId && <Link to={timelinePath(answer.sellerTransactionId)}>The seller’s timeline</Link>}
          </p>
          {answer.case.status === 'open' && (
            <DecisionForm disputeId={disputeId} heldCents={answer.case.heldForSellerCents} onDecided={() => void reload()} />
          )}
        </>
      )}
    </section>
  );
}
