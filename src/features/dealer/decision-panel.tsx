/** The lender's answer on a financed sale once sent: waiting, approved with its terms and stipulations, or declined. */
import { Link } from 'react-router-dom';
import type { DealerSale } from '../../domain/dealer-contract';
import { Alert } from '../../ui/alert';
import { buttonClass } from '../../ui/button';

export const aprText = (basisPoints: number) => `${(basisPoints / 100).toFixed(2)} %`;

export function DecisionPanel({ sale }: { sale: DealerSale }) {
  // A signed application not sent yet has its own section (signed-application.tsx).
  if (sale.kind === 'cash' || sale.decision === 'unsent') return null;
  if (sale.decision === 'pending')
    return (
      <Alert kind="info" title="Waiting for the lender">
        The application is with the lender. Decisions usually take a few minutes; this page updates by itself and we mail you.
      </Alert>
    );
  if (sale.decision === 'declined')
    return (
      <section aria-labelledby="declined-heading" className="box">
        <h2 id="declined-heading" className="title is-4">
          Application declined
        </h2>
        <p className="mb-3">
          The lender declined {sale.customer.name}’s credit application. The sale is closed and nothing was charged. The customer can still
          buy the car with cash or their own financing: submit it again as a cash sale.
        </p>
        <Link className={buttonClass({ variant: 'outlined' })} to="/finance?submit=1">
          Submit a cash sale
        </Link>
      </section>
    );
  const terms = sale.terms!;
  return (
    <section aria-labelledby="decision-heading" className="box">
      <h2 id="decision-heading" className="title is-5">
        {sale.decision === 'conditional' ? 'Approved with stipulations' : 'Approved'}
      </h2>
      <p>
        APR {aprText(terms.aprBasisPoints)} for up to {terms.maxTermMonths} months.
      </p>
      {terms.stipulations.length > 0 && (
        <>
          <p className="mt-2">Before funding the lender asks for:</p>
          <ul className="dealer-stipulations">
            {terms.stipulations.map((stipulation) => (
              <li key={stipulation}>{stipulation[0]!.toUpperCase() + stipulation.slice(1)}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
