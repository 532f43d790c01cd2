/**
 * `/dashboard/deliveries` (admins): what the product owes someone outside it and could not hand
 * over — a mail the mail service refused, a request a provider would not take. Those still
 * retrying say when the next try is; those given up on can be tried again once the cause is fixed.
 */
import { useState } from 'react';
import { formatDateTime } from '../../domain/dates';
import type { Effect } from '../../domain/outbox-contract';
import { failingDeliveries, retryDelivery } from '../../data/api/deliveries';
import { useApiAnswer } from '../../data/records/use-api-answer';
import { Button } from '../../ui/button';
import { AdminPage } from '../../ui/admin-page';
import { showToast } from '../../ui/toast-store';

export function Component() {
  const list = useApiAnswer(failingDeliveries, []);
  return (
    <AdminPage
      title="Deliveries"
      description="Mail and provider requests that did not go out."
      what="deliveries"
      intro="Mail and requests to providers go out after each change is saved, and are tried again with growing pauses when they fail. Here are the ones that keep failing."
      state={list}
    >
      {list.answer && (
        <>
          <h2 className="title is-5">Given up</h2>
          <Deliveries effects={list.answer.dead} empty="Nothing was given up on." onRetried={list.reload} />
          <h2 className="title is-5">Still trying</h2>
          <Deliveries effects={list.answer.retrying} empty="Nothing is failing now." retrying onRetried={list.reload} />
        </>
      )}
    </AdminPage>
  );
}

interface DeliveriesProps {
  effects: Effect[];
  empty: string;
  /** Still being tried on its own (the next try is shown), rather than given up on. */
  retrying?: boolean;
  onRetried: () => Promise<void>;
}

function Deliveries({ effects, empty, retrying = false, onRetried }: DeliveriesProps) {
  const [busy, setBusy] = useState<number | null>(null);
  if (!effects.length) return <p className="mb-5">{empty}</p>;
  async function retry(effect: Effect) {
    setBusy(effect.id);
    try {
      await retryDelivery(effect.id);
      showToast(`Trying again now: ${effect.what}.`, 'success');
      await onRetried();
    } catch (error) {
      showToast((error as Error).message, 'danger');
    } finally {
      setBusy(null);
    }
  }
  return (
    <ul className="mb-5">
      {effects.map((effect) => (
        <li key={effect.id} className="box delivery">
          <p className="has-text-weight-semibold is-wrapping">{effect.what}</p>
          <p className="help">
            Tried {effect.attempts} {effect.attempts === 1 ? 'time' : 'times'} since {formatDateTime(effect.createdAt)}
            {retrying && <> · next try {formatDateTime(effect.nextAttemptAt)}</>}
          </p>
          {effect.lastError && <p className="is-size-7 is-wrapping">Last error: {effect.lastError}</p>}
          <Button
            size="small"
            variant="outlined"
            loading={busy === effect.id}
            onClick={() => void retry(effect)}
            aria-label={`Try again: ${effect.what}`}
          >
            Try again now
          </Button>
        </li>
      ))}
    </ul>
  );
}
