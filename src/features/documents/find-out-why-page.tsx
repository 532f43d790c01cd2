/** `/dashboard/active-transactions/view-docs/find-out-why?document={id}`: why a document was refused, and what to do. */
import { Link, useSearchParams } from 'react-router-dom';
import { DOCUMENT_SLOTS, acceptedTypesText, type DocumentSlot } from '../../domain/document-slots';
import { useDocument } from '../../data/documents';
import { Alert } from '../../ui/alert';

export function Component() {
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
