/**
 * After structuring: the documents the lender's funding review needs — the stipulations it asked
 * for and the title, VIN plate and odometer photos — through the resumable uploader, then "Submit
 * for review". The lender answers by webhook; the page follows.
 */
import { sendForReview } from '../../data/api/dealers';
import { useUploads } from '../../data/device/uploads';
import { slotsNeeded, type DealerSale } from '../../domain/dealer-contract';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { DocumentField, slotDocument } from '../../ui/uploads/document-field';
import { useSaleAction } from './use-sale-action';

const HELP: Record<ReturnType<typeof slotsNeeded>[number], string> = {
  'proof-of-income': 'A recent pay stub or the last tax return.',
  'proof-of-residence': 'A utility bill or lease in the customer’s name, under 60 days old.',
  'insurance-card': 'The customer’s insurance card for this car.',
  'title-front': 'The front of the title, all four corners in the photo.',
  'vin-plate': 'The VIN plate at the bottom of the windscreen, readable.',
  odometer: 'The odometer with the car on, the mileage readable.',
};

export function FundingDocuments({ sale, onSent }: { sale: DealerSale; onSent: (sale: DealerSale) => void }) {
  const tasks = useUploads(sale.transactionId);
  const send = useSaleAction(() => sendForReview(sale.id), onSent);
  const needed = slotsNeeded(sale.terms);
  const missing = needed.filter((slot) => !slotDocument(tasks, slot));

  if (sale.reviewSubmittedAt)
    return (
      <Alert kind="info" title="With the lender for review">
        The lender is checking the documents. This page updates by itself when it has answered.
      </Alert>
    );

  return (
    <section aria-labelledby="documents-heading">
      <h2 id="documents-heading" className="title is-5">
        Documents for the lender
      </h2>
      {needed.map((slot) => (
        <DocumentField key={slot} transactionId={sale.transactionId} slot={slot} help={HELP[slot]} />
      ))}
      {send.failure && <Alert kind="danger">{send.failure}</Alert>}
      <Button onClick={send.run} loading={send.running} disabled={missing.length > 0}>
        Submit for review
      </Button>
      {missing.length > 0 && <p className="help">Upload every document above to send them.</p>}
    </section>
  );
}
