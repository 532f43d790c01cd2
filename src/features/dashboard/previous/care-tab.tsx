/** A closed sale's care tab: the Caramel Care plan bought with the car, or that none was. */
import { Link } from 'react-router-dom';
import { formatDollars } from '../../../domain/offer-format';
import { useClosedTransaction } from './detail-layout';

export function Component() {
  const detail = useClosedTransaction();
  const plan = detail.carePlans.find((candidate) => candidate.id === detail.data.protection.chosenPlanId);
  return (
    <>
      <title>Care · Previous transaction</title>
      <h2 className="title is-5">Caramel Care</h2>
      {!plan ? (
        <p>{detail.side === 'seller' ? 'Care plans are for the buyer.' : 'You chose no Caramel Care plan.'}</p>
      ) : (
        <div className="box">
          <p className="title is-5 mb-1">{plan.name}</p>
          <p className="mb-3">{plan.summary}</p>
          <ul className="ui-checklist mb-3">
            {plan.highlights.map((highlight) => (
              <li key={highlight}>{highlight}</li>
            ))}
          </ul>
          <p className="mb-3">
            {plan.termMonths} months or {plan.termMiles.toLocaleString('en-US')} miles, whichever comes first ·{' '}
            {formatDollars(plan.priceDollars)}
          </p>
          <Link to={`/dashboard/previous-transactions/detail/care/terms-condition?transaction=${detail.id}`}>Terms and conditions</Link>
        </div>
      )}
    </>
  );
}
