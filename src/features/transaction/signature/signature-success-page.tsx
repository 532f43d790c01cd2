/**
 * `/transaction/signature/success`: the party has signed. Until the other party signs it says so;
 * then the signed documents, what happens next, how to reach the other party, and the way to the
 * handover.
 */
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../domain/dates';
import { trackPath } from '../../../domain/handover-next';
import { Alert } from '../../../ui/alert';
import { InspectionReportView } from '../../../ui/reports/inspection-report';
import { NextStepCallout } from '../../../ui/next-step-callout';
import { useTransactionContext } from '../transaction-context';
import { GetConnected } from './get-connected';
import { SaleDocumentsList } from './sale-documents-list';
import { useSigning } from './use-signing';

export function Component() {
  const { detail } = useTransactionContext();
  const { state, problem } = useSigning(detail);
  const other = detail.side === 'buyer' ? 'seller' : 'buyer';
  const everyone = state?.status === 'completed';
  return (
    <section aria-labelledby="signature-success">
      <title>Signed · Your transaction</title>
      <h1 id="signature-success" className="title is-4">
        {everyone ? 'Everyone has signed' : 'You signed your documents'}
      </h1>
      {problem && <Alert kind="danger">{problem}</Alert>}
      {state && !everyone && (
        <Alert kind="info" title={`Waiting for the ${other}`}>
          {state.other.signedAt
            ? 'Both of you have signed; the signing service is sealing the documents. This takes a moment.'
            : `We sent the documents to the ${other}. You will get the signed copies here and by e-mail once they sign.`}
        </Alert>
      )}
      {everyone && (
        <p className="mb-3">
          {detail.side === 'buyer'
            ? `${detail.dealer?.name ?? 'The seller'} is paid by the rules you agreed: ${detail.priceBreakdown?.lienPayoff ? 'their loan first, ' : ''}half when the title reaches us, the rest once you have the car and confirm delivery.`
            : 'Your payout follows the rules you agreed: half when the title reaches us, the rest once the buyer has the car and confirms delivery.'}
        </p>
      )}
      {state?.you.signedAt && <p className="help mb-3">You signed {formatDateTime(state.you.signedAt)}.</p>}
      {/* Until both signed the alert above says whom it waits for; then, what the sale still waits on. */}
      {everyone && <NextStepCallout detail={detail} />}
      {state ? <SaleDocumentsList documents={state.documents} /> : <p aria-busy="true">Loading your documents…</p>}
      <GetConnected transactionId={detail.id} other={other} dealId={detail.dealId} />
      {detail.sellerInspection && <InspectionReportView report={detail.sellerInspection} readBy="buyer" />}
      {(detail.shipment || detail.handover.partiesArrange) && (
        <p className="mt-4">
          <Link to={trackPath(detail.id)}>
            {detail.handover.partiesArrange
              ? 'The handover: where and when'
              : detail.shipment?.kind === 'Pickup'
                ? 'See the pickup: where and when'
                : 'Follow the car’s delivery'}
          </Link>
        </p>
      )}
    </section>
  );
}
