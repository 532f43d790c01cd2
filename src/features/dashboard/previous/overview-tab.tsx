/** A closed sale's overview tab: how delivery ended, the vehicle, the price, who took part, and the way to its timeline. */
import { Link } from 'react-router-dom';
import { timelinePath } from '../../../domain/deal-timeline';
import { formatDollars } from '../../../domain/offer-format';
import { DeliveryPanel } from '../../../ui/delivery/delivery-panel';
import { useClosedTransaction } from './detail-layout';

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
      <h2 className="title is-5">What happened</h2>
      <p>
        Every step of both parties, the money, the documents and the handover, in order and in words, are in{' '}
        <Link to={timelinePath(detail.id)}>the sale’s timeline</Link>, which you can also download as a PDF.
      </p>
    </>
  );
}
