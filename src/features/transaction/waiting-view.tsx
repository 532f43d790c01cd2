import { useId } from 'react';
import { useSnapshot } from 'valtio';
import { connectivity } from '../../data/device/connectivity';
import { useTransactionContext } from './transaction-context';

/**
 * A step waiting on an answer (a check, lenders, carriers): what is happening, or — offline with
 * the action still on this device — that it goes out once the connection is back.
 */
export function WaitingView({ title, waiting, queued }: { title: string; waiting: string; queued: string }) {
  const { pending } = useTransactionContext();
  const { online } = useSnapshot(connectivity);
  const onDevice = !online && pending.some((row) => row.state === 'pending');
  const id = useId();
  return (
    <section aria-labelledby={id} aria-busy="true">
      <h1 id={id} className="title is-4">
        {title}
      </h1>
      <p>{onDevice ? queued : waiting}</p>
      <progress className="progress is-small is-primary mt-4" aria-label={title} />
    </section>
  );
}
