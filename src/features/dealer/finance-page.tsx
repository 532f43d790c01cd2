/**
 * `/finance` (dealers, SPEC §2.5): the dealer's sales — status, customer, car, amount and the next
 * thing to do — and "Submit a sale". The list follows the sales' moves live (the customer's
 * payment and signature, the close); a sale waiting for the lender is also read again every few
 * seconds until the decision is in (it is also mailed).
 */
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { dealerSales } from '../../data/api/dealers';
import { useApiAnswer } from '../../data/records/use-api-answer';
import type { DealerSale } from '../../domain/dealer-contract';
import { saleProgress } from '../../domain/dealer-progress';
import { formatDollars, vehicleName } from '../../domain/offer-format';
import { Alert } from '../../ui/alert';
import { Button, buttonClass } from '../../ui/button';
import { PageMeta } from '../../ui/page-meta';
import { showToast } from '../../ui/toast-store';
import { SaleForm } from './sale-form';

const DECISION_POLL_MS = 3000;

export function Component() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const submitting = params.get('submit') === '1';
  const { answer, problem, reload } = useApiAnswer(dealerSales, [], { followLive: true });
  const waiting = answer?.sales.some((sale) => sale.decision === 'pending');
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void reload(), DECISION_POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, reload]);

  function submitted(sale: DealerSale) {
    // A signed application is uploaded on the sale's page: go straight there.
    if (sale.decision === 'unsent') {
      showToast('The sale is in. Upload the signed application to send it to the lender.', 'success');
      void navigate(`/finance/status?sale=${sale.id}`);
      return;
    }
    showToast(
      sale.kind === 'finance' ? `Sent to the lender for ${sale.customer.name}. We mail you the decision.` : 'The sale is in.',
      'success',
    );
    setParams({});
    void reload();
  }

  return (
    <section aria-labelledby="finance-heading">
      <PageMeta title="Dealer financing" description="Your sales, their financing and what to do next." />
      <div className="is-flex is-flex-wrap-wrap is-justify-content-space-between is-align-items-center mb-4">
        <h1 id="finance-heading" className="title mb-2">
          Dealer financing
        </h1>
        {submitting ? (
          <Button variant="outlined" onClick={() => setParams({})}>
            Close the form
          </Button>
        ) : (
          <Link className={buttonClass({})} to="/finance?submit=1">
            Submit a sale
          </Link>
        )}
      </div>
      {submitting && <SaleForm onSubmitted={submitted} />}
      {problem && <Alert kind="danger">{problem.message}</Alert>}
      {!answer && !problem && <p role="status">Loading your sales…</p>}
      {answer && !answer.sales.length && !submitting && <p>No sales yet. Submit one to get a lender’s decision in minutes.</p>}
      {answer && answer.sales.length > 0 && <SalesList sales={answer.sales} />}
    </section>
  );
}

function SalesList({ sales }: { sales: DealerSale[] }) {
  return (
    <ul aria-label="Your sales">
      {sales.map((sale) => {
        const progress = saleProgress(sale);
        return (
          <li key={sale.id} className="box dealer-sale" aria-label={`${sale.customer.name}, ${vehicleName(sale.vehicle)}`}>
            <div className="dealer-sale-facts">
              <p className="has-text-weight-semibold">
                {sale.customer.name} · {vehicleName(sale.vehicle)}
              </p>
              <p>
                {formatDollars(sale.priceDollars)} · {sale.kind === 'cash' ? 'cash' : 'financed'} · VIN {sale.vehicle.vin}
              </p>
              <p>
                <span className="tag is-light" data-testid="sale-status">
                  {progress.label}
                </span>
              </p>
            </div>
            {progress.next ? (
              <Link className={buttonClass({ size: 'small' })} to={progress.next.path}>
                {progress.next.label}
              </Link>
            ) : (
              <Link className={buttonClass({ size: 'small', variant: 'text' })} to={`/finance/status?sale=${sale.id}`}>
                Details
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
