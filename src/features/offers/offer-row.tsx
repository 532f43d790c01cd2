/** One negotiation in the offers dashboard: the vehicle, the latest offer, and what this party can do now. */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { connectivity } from '../../data/device/connectivity';
import { dismissOfferRefusal, queueOfferAction } from '../../data/outbox/offer-actions';
import type { CachedNegotiation } from '../../data/records/offer-records';
import type { OfferAction } from '../../data/outbox/outbox-rows';
import { asSentence } from '../../domain/action-labels';
import { formatDollars as dollars, vehicleName } from '../../domain/offer-format';
import { allowedOfferActions, type NegotiationStatus } from '../../domain/offer-lifecycle';
import { Alert } from '../../ui/alert';
import { Button, buttonClass } from '../../ui/button';
import { CounterofferForm } from '../../ui/counteroffer-form';
import { Modal } from '../../ui/modal';
import { showToast } from '../../ui/toast-store';
import { ShareLink } from './share-link';
import { threadPath } from '../../domain/message-contract';
import { notSavedText } from '../../data/api/problem-words';

const STATUS_TEXT: Record<NegotiationStatus, string> = {
  open: 'Open',
  accepted: 'Accepted — you made a deal',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
  closed: 'Closed: the seller accepted another offer',
};

const ACTION_TEXT: Record<OfferAction['request']['action'], string> = {
  start: 'Sending your offer',
  counter: 'Your counteroffer',
  accept: 'Accepting the offer',
  decline: 'Declining the offer',
  withdraw: 'Withdrawing your offer',
  share: 'Making a link to share',
  revoke: 'Turning off shared links',
  'confirm-vehicle': 'Confirming the vehicle',
};

interface OfferRowProps {
  offer: CachedNegotiation;
  actions: OfferAction[];
  onAccept: () => void;
  /** The offer a notice, a push or a mail opened: brought into view, marked, and focused for a screen reader. */
  opened?: boolean;
}

export function OfferRow({ offer, actions, onAccept, opened = false }: OfferRowProps) {
  const { online } = useSnapshot(connectivity);
  const [countering, setCountering] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const waiting = actions.filter((action) => action.state === 'pending');
  const refused = actions.filter((action) => action.state === 'refused');
  const draft = offer.id.startsWith('draft-');
  const allowed = (draft || waiting.length ? [] : allowedOfferActions(offer.status, offer.myRole, offer.latestOffer.fromRole)).filter(
    // A vehicle a buyer described is confirmed by its seller before anyone can accept.
    (action) => action !== 'accept' || offer.vehicle.confirmed,
  );
  const toConfirm = offer.status === 'open' && !offer.vehicle.confirmed && !draft;
  const mine = offer.latestOffer.fromRole === offer.myRole;
  const name = vehicleName(offer.vehicle);
  const row = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!opened) return;
    row.current?.scrollIntoView({ block: 'center' });
    row.current?.focus({ preventScroll: true });
  }, [opened]);

  function act(request: Parameters<typeof queueOfferAction>[1]) {
    setProblem(null);
    if (request.action === 'accept') onAccept();
    queueOfferAction(offer.id, request).catch((error: unknown) => showToast(notSavedText('Your action was not saved', error), 'danger'));
    setCountering(false);
    setDeclining(false);
  }

  return (
    <li
      ref={row}
      className={`box${opened ? ' is-opened' : ''}`}
      aria-current={opened ? 'true' : undefined}
      tabIndex={opened ? -1 : undefined}
    >
      {opened && <span className="visually-hidden">The offer you opened: </span>}
      <div className="is-flex is-flex-wrap-wrap offer-row">
        <div>
          <p className="has-text-weight-semibold">{name}</p>
          <p className="help">
            {offer.vehicle.mileage.toLocaleString('en-US')} miles · {offer.vehicle.vin ? `VIN ${offer.vehicle.vin}` : 'VIN not given yet'} ·
            you are the {offer.myRole}
          </p>
        </div>
        <div className="offer-price">
          <p className="title is-5 mb-1">{dollars(offer.latestOffer.amount)}</p>
          <p className="help">
            {offer.status === 'open' ? (mine ? 'Your offer' : `From the ${offer.latestOffer.fromRole}`) : STATUS_TEXT[offer.status]}
          </p>
        </div>
      </div>
      {waiting.map((action) => (
        <p key={action.seq} className="tag is-warning is-light mt-2">
          {ACTION_TEXT[action.request.action]}: not sent yet{online ? ' · sending…' : ' · goes out when you are back online'}
        </p>
      ))}
      {refused.map((action) => (
        <Alert
          key={action.seq}
          kind="danger"
          title={`${ACTION_TEXT[action.request.action]} did not go through`}
          dismissible
          onDismiss={() => void dismissOfferRefusal(action.seq!)}
        >
          {asSentence(action.error ?? 'The server did not accept it')} The offer shows as it is now.
        </Alert>
      ))}
      {problem && <Alert kind="danger">{problem}</Alert>}
      {offer.status === 'accepted' && offer.dealId && (
        <Link to={`/dashboard/caramel-offers/success?deal=${offer.dealId}`} className={`${buttonClass({ size: 'small' })} mt-3`}>
          Go to your deal<span className="visually-hidden"> for the {name}</span>
        </Link>
      )}
      {toConfirm && (
        <p className="mt-3">
          {offer.myRole === 'seller' ? (
            <Link to={`/transaction/information?offer=${offer.id}`} className={buttonClass({ size: 'small' })}>
              Confirm vehicle information<span className="visually-hidden"> for the {name}</span>
            </Link>
          ) : (
            <span className="help">The seller confirms the vehicle’s details before a deal can be made.</span>
          )}
        </p>
      )}
      {allowed.includes('counter') && !countering && (
        <div className="buttons mt-3">
          {allowed.includes('accept') && (
            <Button size="small" onClick={() => act({ action: 'accept', latestOfferId: offer.latestOffer.id })}>
              Accept {dollars(offer.latestOffer.amount)}
            </Button>
          )}
          <Button size="small" variant="outlined" onClick={() => setCountering(true)}>
            Counter
          </Button>
          <Button size="small" variant="text" onClick={() => setDeclining(true)}>
            Decline
          </Button>
        </div>
      )}
      {countering && (
        <CounterofferForm
          className="mt-3"
          label={`Counteroffer for the ${name}`}
          onCounter={(amount) => act({ action: 'counter', amount, latestOfferId: offer.latestOffer.id })}
          onCancel={() => setCountering(false)}
        />
      )}
      {allowed.includes('withdraw') && (
        <div className="buttons mt-3">
          <Button size="small" variant="text" onClick={() => act({ action: 'withdraw', latestOfferId: offer.latestOffer.id })}>
            Withdraw offer
          </Button>
        </div>
      )}
      {!draft && (
        <p className="mt-2">
          <Link to={threadPath(offer.id)} className="button is-text is-small">
            Messages with the {offer.myRole === 'buyer' ? 'seller' : 'buyer'}
            <span className="visually-hidden"> about the {name}</span>
          </Link>
        </p>
      )}
      {offer.status === 'open' && !draft && (
        <div className="buttons mt-1">
          <Button size="small" variant="text" onClick={() => act({ action: 'share' })}>
            Share a link
          </Button>
          <Button size="small" variant="text" onClick={() => act({ action: 'revoke' })}>
            Turn off shared links
          </Button>
        </div>
      )}
      {offer.shareUrl && offer.status === 'open' && <ShareLink url={offer.shareUrl} />}
      {offer.linksOffAt && !offer.shareUrl && offer.status === 'open' && (
        <p className="help">Shared links for this offer are turned off.</p>
      )}
      <Modal
        open={declining}
        onClose={() => setDeclining(false)}
        title="Decline this offer?"
        actions={
          <>
            <Button variant="secondary" onClick={() => setDeclining(false)}>
              Keep negotiating
            </Button>
            <Button variant="danger" onClick={() => act({ action: 'decline', latestOfferId: offer.latestOffer.id })}>
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
