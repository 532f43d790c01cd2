/**
 * Screens of steps whose own flow is not built yet (transport, payment, signature): where the
 * party stands and what happens next, so a status that points here is never a dead end. A seller
 * whose payout is ready reviews it here and says it looks right (the transition is real).
 */
import { useLocation } from 'react-router-dom';
import { STEP_LABELS, stepOfPath } from '../../domain/transaction-steps';
import { Button } from '../../ui/button';
import { PayoutTable } from '../../ui/money/payout-table';
import { isPending, useTransactionContext } from './transaction-context';

const NEXT: Record<string, string> = {
  transport: 'We will e-mail you to arrange pickup or delivery with our transport partners, RunBuggy or Acertus.',
  payment: 'Next: you link the bank account to pay from or be paid into; funds move only after both sides sign.',
  signature: 'The sale documents will be sent for e-signature once payment is arranged.',
};

function PayoutReview() {
  const { detail, pending, act } = useTransactionContext();
  return (
    <section aria-labelledby="payout-review">
      <title>Your payout · Your transaction</title>
      <h1 id="payout-review" className="title is-4">
        Your payout
      </h1>
      <p className="mb-3">Your title is approved. This is what reaches your bank once the sale closes; check it before you go on.</p>
      <PayoutTable payout={detail.payout!} />
      <Button onClick={() => void act('price breakdown acknowledge')} loading={isPending(pending, 'price breakdown acknowledge')}>
        This looks right
      </Button>
    </section>
  );
}

export function Component() {
  const { detail } = useTransactionContext();
  const { pathname } = useLocation();
  const step = stepOfPath(pathname) ?? 'transport';
  const done = detail.steps.find((candidate) => candidate.step === step)?.state === 'done';
  if (!done && detail.payout && detail.allowedEvents.includes('price breakdown acknowledge')) return <PayoutReview />;
  return (
    <section aria-labelledby="step-ahead">
      <title>{`${STEP_LABELS[step]} · Your transaction`}</title>
      <h1 id="step-ahead" className="title is-4">
        {STEP_LABELS[step]}
      </h1>
      <p>{done ? 'This step is complete.' : (NEXT[step] ?? 'This step opens once the one before it is done.')}</p>
    </section>
  );
}
