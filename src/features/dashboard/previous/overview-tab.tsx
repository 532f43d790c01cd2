/** A closed sale's overview tab: the vehicle, the price, who took part, and every step in order. */
import { formatDollars } from '../../../domain/offer-format';
import { DeliveryPanel } from '../../../ui/delivery/delivery-panel';
import { useClosedTransaction } from './detail-layout';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const BY = { you: 'You', 'other party': 'The other party', provider: 'Caramel or a partner' } as const;

export function Component() {
  const detail = useClosedTransaction();
  const { vehicle } = detail;
  return (
    <>
      <title>Overview · Previous transaction</title>
      {/* How delivery ended: confirmed, and by whom, or a case decided. */}
      <DeliveryPanel detail={detail} />
      <h2 className="title is-5">The sale</h2>
      <dl className="ui-facts">
        <dt>Price</dt>
        <dd>{formatDollars(detail.price)}</dd>
        <dt>Vehicle</dt>
        <dd>{[vehicle.modelYear, vehicle.make, vehicle.model].filter(Boolean).join(' ')}</dd>
        <dt>VIN</dt>
        <dd>{vehicle.vin}</dd>
        <dt>Mileage</dt>
        <dd>{vehicle.mileage.toLocaleString('en-US')} miles</dd>
        {detail.parties.map((party) => (
          <div key={party.role} className="ui-facts-row">
            <dt>{party.role[0]!.toUpperCase() + party.role.slice(1)}</dt>
            <dd>{party.you ? 'You' : (party.firstName ?? 'Not named')}</dd>
          </div>
        ))}
      </dl>
      <h2 id="closed-timeline" className="title is-5">
        What happened
      </h2>
      <ol className="closed-timeline" aria-labelledby="closed-timeline">
        {detail.timeline.map((entry) => (
          <li key={entry.version}>
            <span className="help">{when(entry.at)}</span> {BY[entry.by]}: {entry.event}
          </li>
        ))}
      </ol>
    </>
  );
}
