/**
 * `/dashboard/caramel-offers`: received, sent and closed offers, newest first, with their actions
 * inline. Read from IndexedDB (refreshed from the API on open, and live: the other side's answers
 * arrive as they are made), so it reads offline with its age; actions go through the outbox and show at once.
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { connectivity } from '../../data/device/connectivity';
import { useOfferActions } from '../../data/outbox/offer-actions';
import { FRESHNESS_KEYS, refreshOnce } from '../../data/records/freshness';
import { refreshOffers } from '../../data/records/offer-store';
import { useFreshness } from '../../data/records/use-freshness';
import { useSavedOffers } from '../../data/records/use-offers';
import { Alert } from '../../ui/alert';
import { OfferRow } from './offer-row';
import { FreshnessLine } from '../../ui/freshness-line';

const SECTIONS = [
  ['received', 'Waiting for your answer', 'No offers are waiting for you.'],
  ['sent', 'Waiting for the other side', 'You have no offers out.'],
  ['closed', 'Closed', 'Nothing closed yet.'],
] as const;

export function Component() {
  const lists = useSavedOffers();
  const actions = useOfferActions() ?? [];
  const { online } = useSnapshot(connectivity);
  const fresh = useFreshness(FRESHNESS_KEYS.offers);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [accepted, setAccepted] = useState<string | null>(null);
  const deal =
    lists && accepted
      ? Object.values(lists)
          .flat()
          .find((row) => row.id === accepted)?.dealId
      : null;
  // An accept the server has answered while the dashboard is open goes on to the deal.
  useEffect(() => {
    if (deal) navigate(`/dashboard/caramel-offers/success?deal=${deal}`);
  }, [deal, navigate]);
  useEffect(() => void refreshOnce(FRESHNESS_KEYS.offers, refreshOffers).catch(() => undefined), [online]);
  const savedAt = lists && Math.min(...Object.values(lists).flatMap((rows) => rows.map((row) => row.savedAt)));
  const nothingSaved = !Number.isFinite(savedAt);
  return (
    <>
      <title>Offers</title>
      <div className="is-flex is-justify-content-space-between is-align-items-center mb-4">
        <h1 className="title mb-0">Offers</h1>
        <Link to="/start-sale" className="button is-primary">
          Start a sale
        </Link>
      </div>
      {search.get('missing') && <Alert kind="warning">That offer was not found, or it is not yours.</Alert>}
      {lists && !nothingSaved && <FreshnessLine savedAt={savedAt!} {...fresh} className="mb-3" />}
      {lists === undefined || (nothingSaved && !fresh.answered && !fresh.failed) ? (
        <p aria-busy="true">Loading your offers…</p>
      ) : (
        SECTIONS.map(([key, heading, empty]) => (
          <section key={key} aria-labelledby={`offers-${key}`} className="mb-5">
            <h2 id={`offers-${key}`} className="title is-5">
              {heading} ({lists[key].length})
            </h2>
            {lists[key].length === 0 ? (
              <p className="has-text-grey-dark">{fresh.failed && nothingSaved ? 'Connect to the internet to load your offers.' : empty}</p>
            ) : (
              <ul className="offer-list">
                {lists[key].map((offer) => (
                  <OfferRow
                    key={offer.id}
                    offer={offer}
                    actions={actions.filter((action) => action.negotiationId === offer.id)}
                    onAccept={() => setAccepted(offer.id)}
                    opened={offer.id === search.get('offer')}
                  />
                ))}
              </ul>
            )}
          </section>
        ))
      )}
    </>
  );
}
