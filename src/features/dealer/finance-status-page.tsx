/**
 * `/finance/status?sale=…` (dealers, SPEC §2.5): one sale — the lender's decision and its terms or
 * its reasons, then what the dealer does to get it funded. A sale waiting for the lender is read
 * again every few seconds until the decision is in.
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { continueSale, dealerSale } from '../../data/api/dealers';
import { refreshTransaction } from '../../data/records/transactions';
import { useApiAnswer } from '../../data/records/use-api-answer';
import { DEALER_PRODUCTS, maskedSsn, type DealerSale } from '../../domain/dealer-contract';
import { saleProgress } from '../../domain/dealer-progress';
import { formatDollars, vehicleName } from '../../domain/offer-format';
import { formatCents } from '../../domain/pricing';
import { Alert } from '../../ui/alert';
import { Button, buttonClass } from '../../ui/button';
import { PageMeta } from '../../ui/page-meta';
import { aprText, DecisionPanel } from './decision-panel';
import { FundingDocuments } from './funding-documents';
import { SignedApplication } from './signed-application';
import { StructureForm } from './structure-form';

const DECISION_POLL_MS = 3000;

export function Component() {
  const [params] = useSearchParams();
  const saleId = params.get('sale') ?? '';
  const { answer: fetched, problem, reload } = useApiAnswer(() => dealerSale(saleId), [saleId], { followLive: true });
  // What the dealer's last action answered, until the next read.
  const [acted, setActed] = useState<DealerSale | null>(null);
  const sale = acted && fetched && acted.id === fetched.id && acted.status !== fetched.status ? acted : fetched;
  // Someone else's move is awaited (the lender's decision or review): read again until it is in.
  const awaiting = sale?.decision === 'pending' || (sale?.reviewSubmittedAt && sale.status === 'protection_done');
  useEffect(() => {
    if (!awaiting) return;
    const timer = setInterval(() => void reload(), DECISION_POLL_MS);
    return () => clearInterval(timer);
  }, [awaiting, reload]);
  const moved = (next: DealerSale) => {
    setActed(next);
    void reload().then(() => setActed(null));
  };

  return (
    <section aria-labelledby="sale-heading">
      <PageMeta title="Sale status" description="The lender's decision and what is left to do." />
      <p className="mb-2">
        <Link to="/finance">← All sales</Link>
      </p>
      {problem && <Alert kind="danger">{problem.message}</Alert>}
      {!sale && !problem && <p role="status">Loading the sale…</p>}
      {sale && <SaleStatus sale={sale} onMoved={moved} />}
    </section>
  );
}

function SaleStatus({ sale, onMoved }: { sale: DealerSale; onMoved: (sale: DealerSale) => void }) {
  const progress = saleProgress(sale);
  const decided = sale.kind === 'cash' || sale.decision === 'approved' || sale.decision === 'conditional';
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
        {sale.applicationMode === 'signed' && (
          <>
            <dt>Application</dt>
            <dd>{sale.decision === 'unsent' ? 'Signed on paper, not sent yet' : 'Signed on paper, sent to the lender'}</dd>
          </>
        )}
      </dl>
      {sale.decision === 'unsent' && <SignedApplication sale={sale} onSent={onMoved} />}
      <DecisionPanel sale={sale} />
      {decided && sale.status === 'finance_completed' && <StructureForm sale={sale} onStructured={onMoved} />}
      {sale.structure && <StructureSummary sale={sale} />}
      {sale.status === 'protection_done' && <FundingDocuments sale={sale} onSent={onMoved} />}
      {sale.status === 'verification_completed' && <FundingApproved sale={sale} />}
      {progress.next && !['finance_completed', 'protection_done', 'verification_completed'].includes(sale.status) && (
        <Link className={buttonClass({})} to={progress.next.path}>
          {progress.next.label}
        </Link>
      )}
    </>
  );
}

function StructureSummary({ sale }: { sale: DealerSale }) {
  const structure = sale.structure!;
  return (
    <section aria-labelledby="structure-summary" className="box">
      <h2 id="structure-summary" className="title is-5">
        The deal
      </h2>
      <dl className="dealer-facts">
        {structure.termMonths && (
          <>
            <dt>Loan</dt>
            <dd>
              {formatCents(structure.amountFinancedCents)} over {structure.termMonths} months at {aprText(structure.aprBasisPoints ?? 0)} —{' '}
              {formatCents(structure.monthlyPaymentCents)} a month
            </dd>
          </>
        )}
        <dt>Products</dt>
        <dd>
          {structure.products.length
            ? structure.products
                .map((product) => `${DEALER_PRODUCTS[product].name} (${formatCents(DEALER_PRODUCTS[product].priceCents)})`)
                .join(', ')
            : 'None'}
        </dd>
        <dt>The customer pays before signing</dt>
        <dd>
          {formatCents(sale.customerPaysCents ?? structure.dueFromCustomerCents)}
          {sale.customerPaysCents && sale.customerPaysCents !== structure.dueFromCustomerCents ? ' (with the delivery)' : ''}
        </dd>
      </dl>
    </section>
  );
}

/** The lender passed the review: on to pickup on the lot or delivery, in the transaction's transport step. */
function FundingApproved({ sale }: { sale: DealerSale }) {
  const navigate = useNavigate();
  const [key] = useState(() => crypto.randomUUID());
  const [failure, setFailure] = useState<string | null>(null);
  const [going, setGoing] = useState(false);
  async function go() {
    setGoing(true);
    try {
      await continueSale(sale.id, key);
      // The transaction's screens decide from the copy on this device: bring it up to date first.
      await refreshTransaction(sale.transactionId);
      await navigate(`/transaction/transport?transaction=${sale.transactionId}`);
    } catch (error) {
      setFailure((error as Error).message);
      setGoing(false);
    }
  }
  return (
    <Alert kind="success" title="Approved for funding">
      <p className="mb-3">The lender has the documents it needs. Next: pickup on the lot or delivery to the customer.</p>
      {failure && <p className="has-text-danger mb-2">{failure}</p>}
      <Button onClick={() => void go()} loading={going}>
        Choose pickup or delivery
      </Button>
    </Alert>
  );
}
