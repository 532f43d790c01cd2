/**
 * The signature step's screens until e-signing is built: where the party stands and what happens
 * next, so a status that points here is never a dead end.
 */
import { useLocation } from 'react-router-dom';
import { STEP_LABELS, stepOfPath } from '../../domain/transaction-steps';
import { useTransactionContext } from './transaction-context';

export function Component() {
  const { detail } = useTransactionContext();
  const { pathname } = useLocation();
  const step = stepOfPath(pathname) ?? 'signature';
  const done = detail.steps.find((candidate) => candidate.step === step)?.state === 'done';
  return (
    <section aria-labelledby="step-ahead">
      <title>{`${STEP_LABELS[step]} · Your transaction`}</title>
      <h1 id="step-ahead" className="title is-4">
        {STEP_LABELS[step]}
      </h1>
      <p>{done ? 'This step is complete.' : 'The sale documents will be sent for e-signature once payment is arranged.'}</p>
    </section>
  );
}
