/**
 * `/dashboard/active-transactions/view-docs/find-out-why?document={id}`: why a document was refused,
 * and what to do. With a transaction id in the path (`…/find-out-why/{transactionId}`): what the
 * title desk asked for in that transaction, with the way back to the step that replaces it.
 */
import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { DOCUMENT_SLOTS, acceptedTypesText, type DocumentSlot } from '../../domain/document-slots';
import { useDocument } from '../../data/records/documents';
import { refreshTransaction } from '../../data/records/transactions';
import { useTransaction } from '../../data/records/use-transactions';
import { Alert } from '../../ui/alert';

function TitleDeskRequest({ transactionId }: { transactionId: string }) {
  const row = useTransaction(transactionId);
  useEffect(() => {
    refreshTransaction(transactionId).catch(() => undefined); // offline: what was saved
  }, [transactionId]);
  const review = row?.detail?.data.title.review;
  const refused = row?.detail?.data.title.documents.find((document) => document.documentKey === review?.documentKey);
  if (row === undefined) return <p aria-busy="true">Loading…</p>;
  if (!row?.detail) return <Alert kind="warning">That transaction is not on this device. Connect to the internet and open it again.</Alert>;
  if (review?.state !== 'needs photo')
    return (
      <Alert kind="success" title="Nothing is waiting on you">
        The title desk has every photo it needs for this sale.{' '}
        <Link to={`/transaction?transaction=${transactionId}`}>Back to your transaction</Link>
      </Alert>
    );
  return (
    <>
      <Alert
        kind="warning"
        title={`The title desk needs another ${DOCUMENT_SLOTS[(refused?.slot ?? 'title-front') as DocumentSlot].label.toLowerCase()}`}
      >
        {review.reason}
      </Alert>
      <h2 className="title is-5">What to do</h2>
      <ol className="content ml-5 mb-4">
        <li>Take the photo again in good light, with the whole document in the frame.</li>
        <li>Check that every word and number is sharp before you send it.</li>
        <li>Send it from the title step: the review carries on from there, nothing else needs sending again.</li>
      </ol>
      <Link className="button is-primary" to={`/transaction/title?transaction=${transactionId}`}>
        Replace the photo
      </Link>
    </>
  );
}

export function Component() {
  const { transactionId } = useParams();
  if (transactionId)
    return (
      <>
        <title>Why we need another photo</title>
        <h1 className="title">Why we need another photo</h1>
        <TitleDeskRequest transactionId={transactionId} />
      </>
    );
  return <RefusedDocument />;
}

function RefusedDocument() {
  const [params] = useSearchParams();
  const document = useDocument(params.get('document'));
  return (
    <>
      <title>Why a document was not accepted</title>
      <h1 className="title">Why a document was not accepted</h1>
      {document === undefined ? (
        <p aria-busy="true">Loading…</p>
      ) : document === null ? (
        <Alert kind="warning">
          That document is not on this device. <Link to="/dashboard/active-transactions/view-docs">See your documents</Link>
        </Alert>
      ) : document.review !== 'refused' ? (
        <Alert kind="success" title={`${document.fileName} was received`}>
          Nothing is wrong with it.{' '}
          <Link to={`/dashboard/active-transactions/view-docs/${document.transactionId}`}>Back to your documents</Link>
        </Alert>
      ) : (
        <>
          <Alert kind="danger" title={`We cannot use ${document.fileName}`}>
            {document.refusalReason}
          </Alert>
          <h2 className="title is-5">What to do</h2>
          <ol className="content ml-5 mb-4">
            <li>Open the file on your device and check it shows the whole document clearly.</li>
            <li>
              Save or export it as a {acceptedTypesText(document.slot as DocumentSlot)} file — a photo of a paper document is fine if every
              corner is in the picture.
            </li>
            <li>Upload the new file. The one we could not read does not count against you.</li>
          </ol>
          <Link className="button is-primary" to={`/dashboard/active-transactions/upload-docs/${document.transactionId}`}>
            Upload {DOCUMENT_SLOTS[document.slot as DocumentSlot]?.label.toLowerCase() ?? 'a new file'} again
          </Link>
        </>
      )}
    </>
  );
}
