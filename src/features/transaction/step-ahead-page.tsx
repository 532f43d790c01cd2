/**
 * Screens of steps whose own flow is not built yet (transport, payment, signature, title,
 * inspection): where the party stands and what happens next, so a status that points here is
 * never a dead end.
 */
import { useLocation } from 'react-router-dom';
import { STEP_LABELS, stepOfPath } from '../../domain/transaction-steps';
import { useTransactionContext } from './transaction-context';

const NEXT: Record<string, string> = {
  transport: 'We will e-mail you to arrange pickup or delivery with our transport partners, RunBuggy or Acertus.',
  payment: 'You will link a bank account here to pay or be paid; funds move only after both sides sign.',
  signature: 'The sale documents will be sent for e-signature once payment is arranged.',
  title: 'You will upload your title and, with a loan on the car, your lender details here.',
  inspection: 'An inspection can be booked here after signing.',
};

export function Component() {
  const { detail } = useTransactionContext();
  const { pathname } = useLocation();
  const step = stepOfPath(pathname) ?? 'transport';
  const done = detail.steps.find((candidate) => candidate.step === step)?.state === 'done';
  return (
    <section aria-labelledby="step-ahead">
      <title>{`${STEP_LABELS[step]} · Your transaction`}</title>
      <h1 id="step-ahead" className="title is-4">
        {STEP_LABELS[step]}
      </h1>
      <p>{done ? 'This step is complete.' : NEXT[step]}</p>
    </section>
  );
}
