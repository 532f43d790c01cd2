/**
 * `/finance/status?sale=…` (dealers, SPEC §2.5): one sale — the lender's decision and its terms or
 * its reasons, then what the dealer does to get it funded. A sale waiting for the lender is read
 * again every few seconds until the decision is in.
 */
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { dealerSale } from '../../data/dealers';
import { useApiAnswer } from '../../data/use-api-answer';
import { maskedSsn, type DealerSale } from '../../domain/dealer-contract';
import { saleProgress } from '../../domain/dealer-progress';
import { formatDollars, vehicleName } from '../../domain/offer-format';
import { Alert } from '../../ui/alert';
import { PageMeta } from '../../ui/page-meta';
import { DecisionPanel } from './decision-panel';

const DECISION_POLL_MS = 3000;

export function Component() {
  const [params] = useSearchParams();
  const saleId = params.get('sale') ?? '';
  const { answer: sale, problem, reload } = useApiAnswer(() => dealerSale(saleId), [saleId]);
  useEffect(() => {
    if (sale?.decision !== 'pending') return;
    const timer = setInterval(() => void reload(), DECISION_POLL_MS);
    return () => clearInterval(timer);
  }, [sale?.decision, reload]);

  return (
    <section aria-labelledby="sale-heading">
      <PageMeta title="Sale status" description="The lender's decision and what is left to do." />
      <p className="mb-2">
        <Link to="/finance">← All sales</Link>
      </p>
      {problem && <Alert kind="danger">{problem.message}</Alert>}
      {!sale && !problem && <p role="status">Loading the sale…</p>}
      {sale && <SaleStatus sale={sale} />}
    </section>
  );
}

function SaleStatus({ sale }: { sale: DealerSale }) {
  const progress = saleProgress(sale);
  return (
    <>
      <h1 id="sale-heading" className="title">
        {sale.customer.name} · {vehicleName(sale.vehicle)}
      </h1>
      <dl className="dealer-facts mb-5">
        <dt>Status</dt>
        <dd data-testid="sale-status">{progress.label}</dd>
        <dt>Price</dt>
        <dd>{formatDollars(sale.priceDollars)}</dd>
        <dt>VIN</dt>
        <dd>{sale.vehicle.vin}</dd>
        <dt>Customer</dt>
        <dd>
          {sale.customer.email} · {sale.customer.mobile}
        </dd>
        {sale.ssnLast4 && (
          <>
            <dt>SSN</dt>
            <dd>{maskedSsn(sale.ssnLast4)}</dd>
          </>
        )}
      </dl>
      <DecisionPanel sale={sale} />
    </>
  );
}
