import { Link } from 'react-router-dom';
import { formatCents } from '../../../domain/pricing';
import type { TransactionDetail } from '../../../domain/transaction-contract';
import { shortDay, transportLabel, windowText } from '../../../domain/transport';
import { ShipmentTimeline } from '../../../ui/transport/shipment-timeline';

/** What the buyer booked: it changes only when they change it. */
export function TransportSummary({ detail }: { detail: TransactionDetail }) {
  const booking = detail.data.transport.booking;
  if (!booking) return null;
  return (
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
  );
}

/**
 * The shipment as it stands, and the way to follow it. The carrier's news (a driver assigned, the car picked up)
 * comes by webhook at any moment, also just as the connection returns: screens draw it below their buttons — drawn
 * above them, it moved "Continue to payment" away from a tap.
 */
export function ShipmentProgress({ detail }: { detail: TransactionDetail }) {
  const booking = detail.data.transport.booking;
  if (!booking || !detail.shipment) return null;
  return (
    <div className="mt-5">
      {detail.shipment.status !== 'booked' && <ShipmentTimeline shipment={detail.shipment} />}
      <p className="mt-3">
        <Link to={`/dashboard/active-transactions/track-delivery/${detail.id}`}>
          Track the {booking.kind === 'Pickup' ? 'pickup' : 'delivery'}
        </Link>
      </p>
    </div>
  );
}
