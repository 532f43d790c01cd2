/**
 * An offer of the negotiation inside its thread: the amount and who made it; on the latest open
 * one, the answers the offers dashboard gives (accept, counter) through the same outbox action,
 * so the thread and the dashboard are one record.
 */
import { useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../data/db';
import { queueOfferAction } from '../../data/outbox/offer-actions';
import type { ThreadEntry } from '../../domain/message-contract';
import { formatDollars } from '../../domain/offer-format';
import { allowedOfferActions } from '../../domain/offer-lifecycle';
import { Button } from '../../ui/button';
import { CounterofferForm } from '../../ui/counteroffer-form';
import { showToast } from '../../ui/toast-store';
import { notSavedText } from '../../data/api/problem-words';

type OfferEntry = Extract<ThreadEntry, { type: 'offer' }>;

export function OfferCard({
  entry,
  negotiationId,
  counteredWith,
}: {
  entry: OfferEntry;
  negotiationId: string;
  counteredWith?: OfferEntry;
}) {
  const negotiation = useLiveQuery(() => db.negotiations.get(negotiationId), [negotiationId]);
  const [countering, setCountering] = useState(false);
  const latest = negotiation?.latestOffer.id === entry.id;
  const allowed =
    latest && negotiation
      ? allowedOfferActions(negotiation.status, negotiation.myRole, negotiation.latestOffer.fromRole).filter(
          (action) => action !== 'accept' || negotiation.vehicle.confirmed,
        )
      : [];
  const act = (request: Parameters<typeof queueOfferAction>[1]) => {
    setCountering(false);
    queueOfferAction(negotiationId, request).catch((error: unknown) =>
      showToast(notSavedText('Your answer was not saved', error), 'danger'),
    );
  };
  const who = entry.by === 'you' ? 'Your offer' : 'Their offer';
  return (
    <div className="box offer-card" aria-label={`${who}: ${formatDollars(entry.amount)}`}>
      <p className="help">{who}</p>
      <p className="title is-5 mb-2">{formatDollars(entry.amount)}</p>
      {latest && negotiation && negotiation.status !== 'open' && <p className="help">This offer is {negotiation.status}.</p>}
      {counteredWith && (
        <p className="help">
          Countered by {counteredWith.by === 'you' ? 'you' : 'them'} with {formatDollars(counteredWith.amount)}.
        </p>
      )}
      {allowed.includes('counter') && !countering && (
        <div className="buttons">
          {allowed.includes('accept') && (
            <Button size="small" onClick={() => act({ action: 'accept', latestOfferId: entry.id })}>
              Accept {formatDollars(entry.amount)}
            </Button>
          )}
          <Button size="small" variant="outlined" onClick={() => setCountering(true)}>
            Counter
          </Button>
        </div>
      )}
      {countering && (
        <CounterofferForm
          label="Counteroffer"
          onCounter={(amount) => act({ action: 'counter', amount, latestOfferId: entry.id })}
          onCancel={() => setCountering(false)}
        />
      )}
    </div>
  );
}
