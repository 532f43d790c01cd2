/**
 * A sale submitted with a signed paper application: the dealer uploads the signed copy (a PDF or
 * a photo of each page in one file) through the resumable uploader, then sends it to the lender.
 */
import { sendSignedApplication } from '../../data/api/dealers';
import { SIGNED_APPLICATION_SLOT, type DealerSale } from '../../domain/dealer-contract';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { DocumentField, useSlotDocument } from '../../ui/uploads/document-field';
import { useSaleAction } from './use-sale-action';

export function SignedApplication({ sale, onSent }: { sale: DealerSale; onSent: (sale: DealerSale) => void }) {
  const document = useSlotDocument(sale.transactionId, SIGNED_APPLICATION_SLOT);
  const send = useSaleAction(() => sendSignedApplication(sale.id), onSent);

  return (
    <section aria-labelledby="signed-application-heading">
      <h2 id="signed-application-heading" className="title is-5">
        The signed application
      </h2>
      <p className="mb-3">
        Upload {sale.customer.name}’s signed credit application, then send it to the lender. The decision usually takes a few minutes.
      </p>
      <DocumentField
        transactionId={sale.transactionId}
        slot={SIGNED_APPLICATION_SLOT}
        help="Every page, signed and readable: a scanned PDF or a photo."
      />
      {send.failure && <Alert kind="danger">{send.failure}</Alert>}
      <Button onClick={send.run} loading={send.running} disabled={!document}>
        Send to the lender
      </Button>
      {!document && <p className="help">Upload the signed application to send it.</p>}
    </section>
  );
}
