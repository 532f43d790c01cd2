/** A closed sale's financing tab: for the buyer the loan (or cash) and what they paid; for the seller the payout. */
import { formatCents } from '../../../domain/pricing';
import { PayoutTable } from '../../../ui/money/payout-table';
import { useClosedTransaction } from './detail-layout';

export function Component() {
  const { priceBreakdown, payout, data } = useClosedTransaction();
  const loan = priceBreakdown?.financing;
  return (
    <>
      <title>Financing · Previous transaction</title>
      {payout && (
        <>
          <h2 className="title is-5">What you were paid</h2>
          {data.title.lien && <p className="mb-3">Your loan with {data.title.lien.lienholderName} was paid off first.</p>}
          <PayoutTable payout={payout} />
        </>
      )}
      {priceBreakdown && (
        <>
          <h2 className="title is-5">{loan ? 'Your loan' : 'You paid cash'}</h2>
          {loan && (
            <dl className="ui-facts">
              <dt>Lender</dt>
              <dd>{loan.lender}</dd>
              <dt>Financed</dt>
              <dd>{formatCents(loan.amountFinancedCents)}</dd>
              <dt>APR</dt>
              <dd>{loan.apr}%</dd>
              <dt>Term</dt>
              <dd>{loan.months} months</dd>
              <dt>Monthly</dt>
              <dd>{formatCents(loan.monthlyPaymentCents)}</dd>
              <dt>Down payment</dt>
              <dd>{formatCents(loan.downPaymentCents)}</dd>
            </dl>
          )}
          <table className="table is-fullwidth price-breakdown">
            <caption className="visually-hidden">What you paid</caption>
            <tbody>
              {priceBreakdown.lines.map((line) => (
                <tr key={line.id}>
                  <th scope="row">{line.label}</th>
                  <td className="has-text-right">{formatCents(line.cents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td className="has-text-right">{formatCents(priceBreakdown.totalCents)}</td>
              </tr>
              <tr>
                <th scope="row">Paid at signing</th>
                <td className="has-text-right">{formatCents(priceBreakdown.dueAtSigningCents)}</td>
              </tr>
            </tfoot>
          </table>
        </>
      )}
    </>
  );
}
