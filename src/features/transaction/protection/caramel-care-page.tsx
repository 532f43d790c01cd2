/** `/transaction/protection/caramel-care`: the plans side by side, and what no plan covers. */
import { Link } from 'react-router-dom';
import { formatCents } from '../../../domain/pricing';
import { useTransactionContext } from '../transaction-context';

export function Component() {
  const { detail } = useTransactionContext();
  const rows = [...new Set(detail.carePlans.flatMap((plan) => plan.coverage))];
  return (
    <section aria-labelledby="caramel-care">
      <title>Caramel Care · Your transaction</title>
      <h1 id="caramel-care" className="title is-4">
        Caramel Care plans
      </h1>
      <div className="table-container">
        <table className="table is-fullwidth is-striped">
          <caption className="visually-hidden">What each plan covers</caption>
          <thead>
            <tr>
              <th scope="col">Covered</th>
              {detail.carePlans.map((plan) => (
                <th key={plan.id} scope="col">
                  {plan.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row}>
                <th scope="row">{row}</th>
                {detail.carePlans.map((plan) => (
                  <td key={plan.id}>{plan.coverage.includes(row) ? 'Yes' : '—'}</td>
                ))}
              </tr>
            ))}
            <tr>
              <th scope="row">Term</th>
              {detail.carePlans.map((plan) => (
                <td key={plan.id}>
                  {plan.termMonths} months / {plan.termMiles.toLocaleString('en-US')} miles
                </td>
              ))}
            </tr>
            <tr>
              <th scope="row">Price</th>
              {detail.carePlans.map((plan) => (
                <td key={plan.id}>{formatCents(plan.priceDollars * 100)}</td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
      <p className="mb-4">
        No plan covers wear items (tyres, brake pads, wiper blades), routine maintenance, or damage from accidents, which is what insurance
        is for. You can cancel within 30 days for a full refund.
      </p>
      <Link to={`/transaction/protection?transaction=${detail.id}`}>Back to protection</Link>
    </section>
  );
}
