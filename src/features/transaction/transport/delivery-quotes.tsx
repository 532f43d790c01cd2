import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { ApiError } from '../../../data/api/api-client';
import { connectivity } from '../../../data/device/connectivity';
import type { QuotesAnswer } from '../../../domain/transport';
import { askDeliveryQuotes } from '../../../data/api/transport';
import type { Address } from '../../../domain/payload-fields';
import { formatCents } from '../../../domain/pricing';
import { CARRIERS, VENDOR_NAMES, windowText, type TransportQuote } from '../../../domain/transport';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { AddressForm } from '../identity/address-form';
import { isPending, useTransactionContext } from '../transaction-context';
import { transportWords } from './transport-words';

const quoteName = (quote: TransportQuote) => `${VENDOR_NAMES[quote.vendor]}, ${CARRIERS[quote.carrier].toLowerCase()}`;

/** Delivery: where to, then both vendors' quotes for it (priced by the distance), one to book. */
export function DeliveryQuotes({ onBooked }: { onBooked?: () => void }) {
  const { detail, pending, act } = useTransactionContext();
  const { online } = useSnapshot(connectivity);
  const [answer, setAnswer] = useState<QuotesAnswer>();
  const [error, setError] = useState<string>();
  const booked = detail.data.transport.booking;
  const initial = (booked?.kind === 'Delivery' && booked.deliveryAddress) || detail.data.identity.address;

  async function ask(address: Address) {
    setError(undefined);
    try {
      setAnswer(await askDeliveryQuotes(detail.id, address));
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.reason : 'We could not reach the transport companies. Try again in a moment.');
    }
  }

  return (
    <section aria-labelledby="delivery">
      <h2 id="delivery" className="title is-5">
        {transportWords(detail).deliveryHeading}
      </h2>
      {!online && <p className="help mb-3">Delivery quotes need a connection. Pickup can be booked offline.</p>}
      <AddressForm initial={initial} submitLabel={answer ? 'Get new quotes' : 'Get delivery quotes'} onSubmit={ask} />
      {error && (
        <Alert kind="warning" title="No quotes yet">
          {error}
        </Alert>
      )}
      {answer && (
        <div className="mt-5" aria-live="polite">
          <h3 className="title is-6">
            {answer.quotes.length
              ? `${answer.quotes.length} quotes for ${answer.quotes[0]!.miles.toLocaleString('en-US')} miles${answer.from ? ` from ${answer.from.city}, ${answer.from.state}` : ''}`
              : 'No quotes for this address'}
          </h3>
          {answer.unavailable.map((reason) => (
            <p key={reason} className="help mb-2">
              {reason}
            </p>
          ))}
          <ul aria-label="Delivery quotes">
            {answer.quotes.map((quote) => (
              <li key={quote.id} className="box" aria-label={quoteName(quote)}>
                <div className="is-flex is-justify-content-space-between is-flex-wrap-wrap" style={{ gap: '0.5rem' }}>
                  <div>
                    <p className="has-text-weight-semibold">{VENDOR_NAMES[quote.vendor]}</p>
                    <p>{CARRIERS[quote.carrier]}</p>
                  </div>
                  <p className="is-size-4 has-text-weight-semibold">{formatCents(quote.priceCents)}</p>
                </div>
                <dl className="ui-facts mt-2">
                  <dt>Picked up</dt>
                  <dd>{windowText(quote.pickupWindow)}</dd>
                  <dt>Delivered</dt>
                  <dd>{windowText(quote.deliveryWindow)}</dd>
                </dl>
                <Button
                  className="mt-3"
                  disabled={isPending(pending, 'transport booked')}
                  onClick={() => {
                    void act('transport booked', { kind: 'Delivery', quoteId: quote.id });
                    onBooked?.();
                  }}
                >
                  {`Book ${quoteName(quote)} for ${formatCents(quote.priceCents)}`}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
