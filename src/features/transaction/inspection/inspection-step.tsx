/**
 * `/transaction/inspection` and `/transaction/inspection/success`: the seller's optional
 * self-inspection — the checklist, waiting for the report, the report with "Done", and what
 * happens next once the step is over (SPEC §4.4 inspection views).
 */
import { Link } from 'react-router-dom';
import { Button } from '../../../ui/button';
import { isPending, stepView, useTransactionContext, type StepViews } from '../transaction-context';
import { WaitingView } from '../waiting-view';
import { InspectionReportView } from '../../../ui/reports/inspection-report';
import { GetConnected } from '../signature/get-connected';
import { SelfInspection } from './self-inspection';
import { HandoverSection } from '../../../ui/delivery/handover-section';
import { WhatsNext } from './whats-next';

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
  return (
    <section aria-labelledby="all-done">
      <h1 id="all-done" className="title is-4">
        You're all done
      </h1>
      <p className="mb-4">
        {detail.flow === 'dealer-financing'
          ? 'You signed the sale.'
          : skipped
            ? 'You skipped the self-inspection.'
            : 'Your inspection report is kept with the sale.'}
      </p>
      {report && <InspectionReportView report={report} />}
      <WhatsNext detail={detail} />
      <HandoverSection transactionId={detail.id} />
      {/* Who the buyer is, and the contact they shared for the handover, once the sale closed. */}
      <GetConnected transactionId={detail.id} other={detail.side === 'buyer' ? 'seller' : 'buyer'} dealId={detail.dealId} />
      <p className="mt-4">
        <Link to={`/dashboard/active-transactions/track-delivery/${detail.id}`}>
          {detail.shipment?.kind === 'Pickup' ? 'Your money and the pickup' : 'Your money and the car’s delivery'}
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
