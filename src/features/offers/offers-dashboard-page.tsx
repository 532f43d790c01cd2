import { useState } from 'react';
import { Link, useLoaderData, useNavigate, useRevalidator } from 'react-router-dom';
import { actOnOffer, listOffers, revokeOfferLinks, shareOffer, type ActionInput, type NegotiationSummary } from '../../data/offers';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { parseWholeNumber, typedDollars } from '../../domain/offer-fields';
import { CurrencyField } from '../../ui/form/text-field';
import { Modal } from '../../ui/modal';
import { showToast } from '../../ui/toast-store';
import { ShareLink } from './share-link';
import { formatDollars as dollars, vehicleName } from '../../domain/offer-format';

export const loader = () => listOffers();

const SECTIONS = [
  ['received', 'Waiting for your answer', 'No offers are waiting for you.'],
  ['sent', 'Waiting for the other side', 'You have no offers out.'],
  ['closed', 'Closed', 'Nothing closed yet.'],
] as const;

const STATUS_TEXT: Record<NegotiationSummary['status'], string> = {
  open: 'Open',
  accepted: 'Accepted — you made a deal',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
  closed: 'Closed: the seller accepted another offer',
};

/** `/dashboard/caramel-offers`: received, sent and closed offers, newest first, with their actions inline. */
export function Component() {
  const lists = useLoaderData<typeof loader>();
  return (
    <>
      <title>Offers</title>
      <div className="is-flex is-justify-content-space-between is-align-items-center mb-4">
        <h1 className="title mb-0">Offers</h1>
        <Link to="/start-sale" className="button is-primary">
          Start a sale
        </Link>
      </div>
      {SECTIONS.map(([key, heading, empty]) => (
        <section key={key} aria-labelledby={`offers-${key}`} className="mb-5">
          <h2 id={`offers-${key}`} className="title is-5">
            {heading} ({lists[key].length})
          </h2>
          {lists[key].length === 0 ? (
            <p className="has-text-grey-dark">{empty}</p>
          ) : (
            <ul className="offer-list">
              {lists[key].map((offer) => (
                <OfferRow key={offer.id} offer={offer} />
              ))}
            </ul>
          )}
        </section>
      ))}
    </>
  );
}

function OfferRow({ offer }: { offer: NegotiationSummary }) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [countering, setCountering] = useState(false);
  const [amount, setAmount] = useState('');
  const [declining, setDeclining] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [shareUrl, setShareUrl] = useState<string | null>(null);
  const mine = offer.latestOffer.fromRole === offer.myRole;

  async function links(change: 'share' | 'revoke') {
    setFailure(null);
    try {
      if (change === 'share') setShareUrl((await shareOffer(offer.id)).shareUrl);
      else {
        await revokeOfferLinks(offer.id);
        setShareUrl(null);
        showToast('Shared links for this offer are turned off.', 'success');
      }
    } catch (error) {
      setFailure((error as Error).message);
    }
  }
  const name = vehicleName(offer.vehicle);

  async function act(input: ActionInput) {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await actOnOffer(offer.id, offer.latestOffer.id, input);
      if (answer.dealId) return navigate(`/dashboard/caramel-offers/success?deal=${answer.dealId}`);
      setCountering(false);
      setDeclining(false);
      revalidator.revalidate();
    } catch (error) {
      setFailure((error as Error).message);
      revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  }

  function counter(event: React.FormEvent) {
    event.preventDefault();
    const checked = typedDollars('amount').safeParse(amount);
    if (!checked.success) return setFailure(checked.error.issues[0]!.message);
    void act({ action: 'counter', amount: parseWholeNumber(checked.data) });
  }

  return (
    <li className="box">
      <div className="is-flex is-flex-wrap-wrap offer-row">
        <div>
          <p className="has-text-weight-semibold">{name}</p>
          <p className="help">
            {offer.vehicle.mileage.toLocaleString('en-US')} miles · VIN {offer.vehicle.vin} · you are the {offer.myRole}
          </p>
        </div>
        <div className="offer-price">
          <p className="title is-5 mb-1">{dollars(offer.latestOffer.amount)}</p>
          <p className="help">
            {offer.status === 'open' ? (mine ? 'Your offer' : `From the ${offer.latestOffer.fromRole}`) : STATUS_TEXT[offer.status]}
          </p>
        </div>
      </div>
      {failure && <Alert kind="danger">{failure}</Alert>}
      {offer.status === 'open' && !mine && !countering && (
        <div className="buttons mt-3">
          <Button size="small" loading={busy} onClick={() => void act({ action: 'accept' })}>
            Accept {dollars(offer.latestOffer.amount)}
          </Button>
          <Button size="small" variant="outlined" onClick={() => setCountering(true)}>
            Counter
          </Button>
          <Button size="small" variant="text" onClick={() => setDeclining(true)}>
            Decline
          </Button>
        </div>
      )}
      {countering && (
        <form className="mt-3" onSubmit={counter} noValidate aria-label={`Counteroffer for the ${name}`}>
          <CurrencyField label="Your counteroffer" value={amount} onChange={(event) => setAmount(event.target.value)} />
          <div className="buttons">
            <Button type="submit" size="small" loading={busy}>
              Send counteroffer
            </Button>
            <Button size="small" variant="text" onClick={() => setCountering(false)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
      {offer.status === 'open' && mine && (
        <div className="buttons mt-3">
          <Button size="small" variant="text" loading={busy} onClick={() => void act({ action: 'withdraw' })}>
            Withdraw offer
          </Button>
        </div>
      )}
      {offer.status === 'open' && (
        <div className="buttons mt-1">
          <Button size="small" variant="text" onClick={() => void links('share')}>
            Share a link
          </Button>
          <Button size="small" variant="text" onClick={() => void links('revoke')}>
            Turn off shared links
          </Button>
        </div>
      )}
      {shareUrl && <ShareLink url={shareUrl} />}
      <Modal
        open={declining}
        onClose={() => setDeclining(false)}
        title="Decline this offer?"
        actions={
          <>
            <Button variant="secondary" onClick={() => setDeclining(false)}>
              Keep negotiating
            </Button>
            <Button variant="danger" loading={busy} onClick={() => void act({ action: 'decline' })}>
              Decline offer
            </Button>
          </>
        }
      >
        <p>
          Declining {dollars(offer.latestOffer.amount)} ends this negotiation for the {name}. The {offer.latestOffer.fromRole} will be told.
          To keep talking, make a counteroffer instead.
        </p>
      </Modal>
    </li>
  );
}
