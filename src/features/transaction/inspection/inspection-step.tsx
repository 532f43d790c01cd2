/**
 * `/transaction/inspection` and `/transaction/inspection/success`: the seller's optional
 * self-inspection — the checklist, waiting for the report, the report with "Done", and what
 * happens next once the step is over (SPEC §4.4 inspection views).
 */
import { Link, useLocation } from 'react-router-dom';
import { screenAt, SUCCESS_SCREENS } from '../../../domain/transaction-steps';
import { Button } from '../../../ui/button';
import { isPending, stepView, useTransactionContext, type StepViews } from '../transaction-context';
import { WaitingView } from '../waiting-view';
import { InspectionReportView } from '../../../ui/reports/inspection-report';
import { GetConnected } from '../signature/get-connected';
import { SelfInspection } from './self-inspection';
import { HandoverSection } from '../../../ui/delivery/handover-section';
import { WhatsNext } from './whats-next';
import { saleWords } from '../../../domain/sale-state';
import { NextStepCallout } from '../../../ui/next-step-callout';

function Landing() {
  const { detail } = useTransactionContext();
  if (detail.status !== 'inspection_submitted') return <SelfInspection />;
  return (
    <WaitingView
      title="Preparing your inspection report"
      waiting="The inspection service is looking at your photos. It usually takes a few minutes; this page follows by itself."
      queued="Your photos are saved on this device and go to the inspection service as soon as you are back online."
    />
  );
}

function Success() {
  const { detail, pending, act } = useTransactionContext();
  const { report } = detail.data.inspection;
  return (
    <section aria-labelledby="inspection-success">
      <h1 id="inspection-success" className="title is-4">
        Your inspection is ready
      </h1>
      {report && <InspectionReportView report={report} />}
      <p className="mb-3">
        It is kept with the sale, with every photo you took: it settles questions about the car's condition at handover.
      </p>
      <Button onClick={() => void act('inspection done')} loading={isPending(pending, 'inspection done')}>
        Done
      </Button>
    </section>
  );
}

function Finished() {
  const { detail } = useTransactionContext();
  const { report, skipped } = detail.data.inspection;
  // "Done" only once the sale is: until then, what it still waits for (the handover, the buyer's check).
  const heading = { closed: 'Your sale is closed', refunded: 'Your sale was refunded', cancelled: 'Your sale was cancelled' }[
    detail.sale.stage as 'closed' | 'refunded' | 'cancelled'
  ];
  const status = saleWords(detail.sale, detail.side);
  const onSuccessScreen = SUCCESS_SCREENS.includes(screenAt(useLocation().pathname)!);
  return (
    <section aria-labelledby="all-done">
      <h1 id="all-done" className="title is-4">
        {heading ?? 'Your steps are done'}
      </h1>
      <p className="mb-4">
        {detail.flow === 'dealer-financing'
          ? 'You signed the sale.'
          : skipped
            ? 'You skipped the self-inspection.'
            : 'Your inspection report is kept with the sale.'}
      </p>
      {status && !heading && <p className="has-text-weight-semibold mb-3">{status}</p>}
      {/* On the success screen, what the sale waits for next (a step read back in the transaction shell has it from the shell). */}
      {onSuccessScreen && <NextStepCallout detail={detail} />}
      {report && <InspectionReportView report={report} />}
      <WhatsNext detail={detail} />
      <HandoverSection detail={detail} />
      {/* Who the buyer is, and the contact they shared for the handover, once both signed. */}
      <GetConnected transactionId={detail.id} other={detail.side === 'buyer' ? 'seller' : 'buyer'} dealId={detail.dealId} />
      <p className="mt-4">
        <Link to={`/dashboard/active-transactions/track-delivery/${detail.id}`}>
          {detail.handover.partiesArrange
            ? 'Your money and the handover'
            : detail.shipment?.kind === 'Pickup'
              ? 'Your money and the pickup'
              : 'Your money and the car’s delivery'}
        </Link>
      </p>
      {/* A dealer goes on from their other sales, where this one is followed to closed. */}
      {detail.flow === 'dealer-financing' && (
        <p className="mt-2">
          <Link to="/finance">Back to your sales</Link>
        </p>
      )}
    </section>
  );
}

const VIEWS: StepViews<'inspection'> = {
  landing: Landing,
  success: Success,
  "what's next": Finished,
  'read only': Finished,
};

export function Component() {
  const { detail } = useTransactionContext();
  // inspection_completed maps to the success screen with no view: the report.
  const View = VIEWS[stepView(detail, 'inspection', detail.status === 'inspection_completed' ? 'success' : 'landing')];
  return (
    <>
      <title>Inspection · Your transaction</title>
      <View />
    </>
  );
}
