import { formatDateTime } from '../../domain/dates';
import { addressText } from '../../domain/payload-fields';
import { appointmentText, CARRIERS, DELIVERY_MILESTONES, VENDOR_NAMES, windowText, type Shipment } from '../../domain/transport';

const MILESTONE_TEXT: Record<(typeof DELIVERY_MILESTONES)[number], string> = {
  booked: 'Booked',
  'driver assigned': 'Driver assigned',
  'picked up': 'Picked up from the seller',
  'in transit': 'On the road',
  delivered: 'Delivered',
};

/** A shipment's milestones, each done (with when), current or to come; a pickup's appointment and handover. */
export function ShipmentTimeline({ shipment }: { shipment: Shipment }) {
  if (shipment.status === 'cancelled') return <p>This transport was cancelled.</p>;
  if (shipment.kind === 'Pickup')
    return (
      <dl className="ui-facts">
        <dt>Pickup</dt>
        <dd>{shipment.appointment ? appointmentText(shipment.appointment) : 'Not booked'}</dd>
        {shipment.from && (
          <>
            <dt>Where</dt>
            <dd>{addressText(shipment.from)}</dd>
          </>
        )}
        <dt>Handed over</dt>
        <dd>{shipment.handedOverAt ? formatDateTime(shipment.handedOverAt) : 'Not yet'}</dd>
      </dl>
    );
  const reached = DELIVERY_MILESTONES.indexOf(shipment.status as (typeof DELIVERY_MILESTONES)[number]);
  return (
    <>
      <p className="mb-3">
        {shipment.vendor && VENDOR_NAMES[shipment.vendor]}
        {shipment.carrier && `, ${CARRIERS[shipment.carrier].toLowerCase()}`}
        {shipment.driver && ` · driver ${shipment.driver}`}
      </p>
      <ol className="shipment-timeline" aria-label="Delivery progress">
        {DELIVERY_MILESTONES.map((milestone, index) => {
          const update = shipment.updates.find((candidate) => candidate.status === milestone);
          const state =
            index < reached || (index === reached && milestone === 'delivered') ? 'done' : index === reached ? 'current' : 'upcoming';
          return (
            <li key={milestone} className={`is-${state}`} aria-current={state === 'current' ? 'step' : undefined}>
              <span className="has-text-weight-semibold">{MILESTONE_TEXT[milestone]}</span>
              <span className="help">
                {update
                  ? formatDateTime(update.at)
                  : milestone === 'picked up' && shipment.pickupWindow
                    ? `Expected ${windowText(shipment.pickupWindow)}`
                    : milestone === 'delivered' && shipment.deliveryWindow
                      ? `Expected ${windowText(shipment.deliveryWindow)}`
                      : state === 'upcoming'
                        ? 'To come'
                        : ''}
              </span>
            </li>
          );
        })}
      </ol>
      {shipment.to && <p className="help mt-2">To {addressText(shipment.to)}</p>}
    </>
  );
}
