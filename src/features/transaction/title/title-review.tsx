/**
 * What the title desk is doing with the seller's documents (SPEC §4.4 title "status"): under
 * review; another photo needed, with the reviewer's reason and the replacement through the
 * uploader; approved. And the read-only summary once the title step is done.
 */
import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { DOCUMENT_SLOTS, type DocumentSlot } from '../../../domain/document-slots';
import { formatCents } from '../../../domain/pricing';
import type { TransactionDetail } from '../../../domain/transaction-contract';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { DocumentField, useSlotDocument } from '../../../ui/uploads/document-field';
import { isPending, useTransactionContext } from '../transaction-context';
import { WaitingView } from '../waiting-view';

const FIELD_NAMES: Record<string, string> = {
  titleFront: 'Title, front',
  titleBack: 'Title, back',
  ownership: 'Ownership document',
  vinPlate: 'VIN plate',
  odometer: 'Odometer',
};

function DocumentsSent({ detail }: { detail: TransactionDetail }) {
  const { title } = detail.data;
  return (
    <dl className="ui-facts">
      {title.lien && (
        <>
          <dt>Loan</dt>
          <dd>
            {title.lien.lienholderName}, account •••• {title.lien.accountLast4}: payoff {formatCents(title.lien.payoff.amountCents)}, paid
            first from the buyer's funds
          </dd>
        </>
      )}
      {title.documents.map((document) => (
        <Fragment key={document.documentKey}>
          <dt>{FIELD_NAMES[document.field]}</dt>
          <dd>{document.fileName}</dd>
        </Fragment>
      ))}
      {title.odometerReading !== null && (
        <>
          <dt>Odometer</dt>
          <dd>{title.odometerReading.toLocaleString('en-US')} miles</dd>
        </>
      )}
    </dl>
  );
}

export function UnderReview() {
  const { detail } = useTransactionContext();
  return (
    <>
      <WaitingView
        title="Our title desk is checking your documents"
        waiting="Most reviews take a few minutes. This page follows by itself; you can also leave it and come back to see the result."
        queued="Your photos are saved on this device and go to the title desk as soon as you are back online."
      />
      <DocumentsSent detail={detail} />
    </>
  );
}

export function AnotherPhoto() {
  const { detail, pending, act } = useTransactionContext();
  const { review, documents } = detail.data.title;
  const refused = documents.find((document) => document.documentKey === review?.documentKey);
  const slot = (refused?.slot ?? 'title-front') as DocumentSlot;
  const replacement = useSlotDocument(detail.id, slot);
  const fresh = replacement && replacement.documentKey !== refused?.documentKey ? replacement : null;
  return (
    <section aria-labelledby="another-photo">
      <h1 id="another-photo" className="title is-4">
        We need another photo
      </h1>
      <Alert kind="warning" title={`${DOCUMENT_SLOTS[slot].label}: ${refused?.fileName ?? ''}`}>
        {review?.reason}
      </Alert>
      <p className="mb-3">
        Take it again and the review carries on from there; nothing else needs sending again.{' '}
        <Link to={`/dashboard/active-transactions/view-docs/find-out-why/${detail.id}`}>Why documents are refused</Link>
      </p>
      <DocumentField transactionId={detail.id} slot={slot} help="The new photo replaces the one the title desk could not use." />
      <Button
        disabled={!fresh}
        loading={isPending(pending, 'title document replaced')}
        onClick={() => fresh && void act('title document replaced', { slot, ...fresh })}
      >
        Send the new photo
      </Button>
    </section>
  );
}

export function TitleReadOnly() {
  const { detail } = useTransactionContext();
  return (
    <section aria-labelledby="title-done">
      <h1 id="title-done" className="title is-4">
        Title approved
      </h1>
      <p className="mb-3">
        Our title desk approved your documents. We transfer the title to the buyer once they have paid and you have both signed.
      </p>
      <DocumentsSent detail={detail} />
      <p className="help mt-3">This step is complete.</p>
    </section>
  );
}
