import { Link } from 'react-router-dom';
import { formatCents } from '../../../domain/pricing';
import type { TransactionDetail } from '../../../domain/transaction-contract';
import { shortDay, transportLabel, windowText } from '../../../domain/transport';
import { ShipmentTimeline } from '../../../ui/transport/shipment-timeline';

/** What the buyer booked, and the shipment as it stands. */
export function TransportSummary({ detail }: { detail: TransactionDetail }) {
  const booking = detail.data.transport.booking;
  if (!booking) return null;
  return (
    <>
      <dl className="ui-facts mb-4">
        <dt>Transport</dt>
        <dd>{transportLabel(booking)}</dd>
        {booking.kind === 'Delivery' && booking.quote && (
          <>
            <dt>Price</dt>
            <dd>{formatCents(booking.quote.priceCents)}</dd>
            <dt>Picked up</dt>
            <dd>{windowText(booking.quote.pickupWindow)}</dd>
            <dt>Delivered</dt>
            <dd>{windowText(booking.quote.deliveryWindow)}</dd>
          </>
        )}
        {booking.kind === 'Pickup' && (
          <>
            <dt>Pickup</dt>
            <dd>
              {shortDay(booking.day)} at {booking.time}
            </dd>
          </>
        )}
      </dl>
      {detail.shipment && detail.shipment.status !== 'booked' && <ShipmentTimeline shipment={detail.shipment} />}
      {detail.shipment && (
        <p className="mt-3">
          <Link to={`/dashboard/active-transactions/track-delivery/${detail.id}`}>
            Track the {booking.kind === 'Pickup' ? 'pickup' : 'delivery'}
          </Link>
        </p>
      )}
    </>
  );
}
