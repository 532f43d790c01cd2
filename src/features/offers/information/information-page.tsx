/**
 * `/transaction/information` (guards auth and offer): one offer's vehicle information, as each
 * side needs it. The seller confirms (or corrects) a car the buyer described, then accepts or
 * goes on negotiating; the buyer follows that, live, and gives the vehicle registration address.
 * Read from IndexedDB; a start made on this device (`?started=`) shows as saved until the server
 * has it, then the page follows the real offer.
 */
import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { connectivity } from '../../../data/device/connectivity';
import { db } from '../../../data/db';
import { queueOfferAction, useOfferActions } from '../../../data/outbox/offer-actions';
import type { CachedNegotiation } from '../../../data/records/offer-records';
import { formatDollars, vehicleName } from '../../../domain/offer-format';
import { allowedOfferActions } from '../../../domain/offer-lifecycle';
import { Alert } from '../../../ui/alert';
import { Button, buttonClass } from '../../../ui/button';
import { PageMeta } from '../../../ui/page-meta';
import { showToast } from '../../../ui/toast-store';
import { ConfirmVehicle } from './confirm-vehicle';
import { RegistrationAddress } from '../../../ui/form/registration-address';
import { notSavedText } from '../../../data/api/problem-words';

function useOffer(id: string | null, started: string | null) {
  return useLiveQuery(async () => {
    if (id) return (await db.negotiations.get(id)) ?? null;
    return (await db.negotiations.toArray()).find((row) => row.startedWith === started) ?? null;
  }, [id, started]);
}

function VehicleSummary({ offer }: { offer: CachedNegotiation }) {
  return (
    <div className="box">
      <p className="title is-4 mb-2">{formatDollars(offer.latestOffer.amount)}</p>
      <p>
        {vehicleName(offer.vehicle)} · {offer.vehicle.mileage.toLocaleString('en-US')} miles
        {offer.vehicle.vin ? ` · VIN ${offer.vehicle.vin}` : ''}
      </p>
      <p className="help">
        {offer.vehicle.confirmed
          ? 'The seller confirmed these details.'
          : 'As the buyer described it; the seller has not confirmed it yet.'}
      </p>
    </div>
  );
}

function SellerSide({ offer, sending }: { offer: CachedNegotiation; sending: boolean }) {
  if (!offer.vehicle.confirmed) return <ConfirmVehicle offer={offer} />;
  const allowed = sending ? [] : allowedOfferActions(offer.status, offer.myRole, offer.latestOffer.fromRole);
  const accept = () =>
    queueOfferAction(offer.id, { action: 'accept', latestOfferId: offer.latestOffer.id }).catch((error: unknown) =>
      showToast(notSavedText('Your answer was not saved', error), 'danger'),
    );
  return (
    <section aria-labelledby="answer">
      <h2 id="answer" className="title is-5">
        Answer the offer
      </h2>
      {allowed.includes('accept') ? (
        <div className="buttons">
          <Button onClick={() => void accept()}>Accept {formatDollars(offer.latestOffer.amount)}</Button>
          <Link to="/dashboard/caramel-offers" className={buttonClass({ variant: 'outlined' })}>
            Counter or decline
          </Link>
        </div>
      ) : (
        <p>{offer.status === 'open' ? 'Your answer is with the buyer.' : 'This offer is closed.'}</p>
      )}
    </section>
  );
}

function BuyerSide({ offer }: { offer: CachedNegotiation }) {
  return (
    <>
      <p className="mb-4" role="status">
        {!offer.vehicle.confirmed
          ? 'Your offer is with the seller. They confirm the car’s details with its VIN, then answer; this page follows as they do.'
          : offer.latestOffer.fromRole === 'buyer'
            ? 'The seller confirmed the car. Your offer waits for their answer.'
            : `The seller answered with ${formatDollars(offer.latestOffer.amount)}: answer it in your offers.`}
      </p>
      <RegistrationAddress />
    </>
  );
}

export function Component() {
  const [search] = useSearchParams();
  const id = search.get('offer');
  const started = search.get('started');
  const offer = useOffer(id, started);
  const actions = useOfferActions() ?? [];
  const { online } = useSnapshot(connectivity);
  const navigate = useNavigate();
  // The draft became the real offer; and an accepted offer goes on to its deal. Once per place to go: the saved
  // row changes while the navigation's guard freshens it, and navigating again on each change restarts that guard,
  // which changes the row again, for good.
  const sent = offer && !offer.id.startsWith('draft-');
  const dealId = offer?.status === 'accepted' ? offer.dealId : null;
  const realId = sent && !id ? offer.id : null;
  useEffect(() => {
    if (realId) navigate(`/transaction/information?offer=${realId}`, { replace: true });
    else if (dealId) navigate(`/dashboard/caramel-offers/success?deal=${dealId}`);
  }, [realId, dealId, navigate]);

  if (offer === undefined) return <p aria-busy="true">Loading the offer…</p>;
  if (offer === null)
    return (
      <Alert kind="warning" title="This offer is not saved on this device">
        Connect to the internet and open it again from <Link to="/dashboard/caramel-offers">your offers</Link>.
      </Alert>
    );
  const waiting = actions.filter((action) => action.negotiationId === offer.id);
  return (
    <section aria-labelledby="information-heading">
      <PageMeta title="Vehicle information" description="Confirm the car's details and answer the offer." />
      <h1 id="information-heading" className="title">
        {offer.myRole === 'seller' && !offer.vehicle.confirmed ? 'An offer for your car' : 'Your offer'}
      </h1>
      {waiting.map((action) =>
        action.state === 'refused' ? (
          <Alert key={action.seq} kind="danger" title="That did not go through">
            {action.error}
          </Alert>
        ) : (
          <p key={action.seq} className="tag is-warning is-light mb-3">
            Not sent yet{online ? ' · sending…' : ' · goes out when you are back online'}
          </p>
        ),
      )}
      <VehicleSummary offer={offer} />
      {!sent ? (
        <p role="status">
          {online ? 'Sending your offer…' : 'Saved on this device; it goes to the seller as soon as you are back online.'}
        </p>
      ) : offer.myRole === 'seller' ? (
        <SellerSide offer={offer} sending={waiting.some((action) => action.state === 'pending')} />
      ) : (
        <BuyerSide offer={offer} />
      )}
    </section>
  );
}
