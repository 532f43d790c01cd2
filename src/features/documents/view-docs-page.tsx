/**
 * `/dashboard/active-transactions/view-docs[/{transactionId}]`: the documents received for a
 * transaction (saved on this device, refreshed on open), each opened through a fresh link; a
 * document we cannot read links to why.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatBytes } from '../../domain/byte-format';
import { DOCUMENT_SLOTS, type DocumentSlot } from '../../domain/document-slots';
import { vehicleName } from '../../domain/offer-format';
import { documentUrl, refreshDocuments, useDocuments, type CachedDocument } from '../../data/records/documents';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { usePickedTransaction } from './transaction-picker';

function DocumentRow({ document }: { document: CachedDocument }) {
  const [problem, setProblem] = useState<string | undefined>();
  const open = () => {
    // Opened synchronously so the browser allows the new tab; pointed at the signed URL once it arrives.
    const tab = window.open('', '_blank');
    documentUrl(document.key).then(
      (url) => (tab ? tab.location.assign(url) : window.location.assign(url)),
      () => {
        tab?.close();
        setProblem('Opening a document needs a connection. Try again when you are online.');
      },
    );
  };
  const label = DOCUMENT_SLOTS[document.slot as DocumentSlot]?.label ?? document.slot;
  return (
    <li className="box document-row">
      <div>
        <p className="has-text-weight-semibold">{document.fileName}</p>
        <p className="help">
          {label} · {formatBytes(document.size)}
          {document.completedAt && ` · received ${new Date(document.completedAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}`}
        </p>
        {document.review === 'refused' ? (
          <p className="has-text-danger-dark">
            We cannot use this file.{' '}
            <Link to={`/dashboard/active-transactions/view-docs/find-out-why?document=${document.id}`}>Find out why</Link>
          </p>
        ) : (
          <p className="has-text-success-dark">Received</p>
        )}
        {problem && (
          <p className="help is-danger" role="alert">
            {problem}
          </p>
        )}
      </div>
      <Button variant="outlined" size="small" onClick={open}>
        Open<span className="visually-hidden"> {document.fileName}</span>
      </Button>
    </li>
  );
}

export function Component() {
  const { picked, named, loading } = usePickedTransaction();
  const documents = useDocuments(picked?.id);
  const [stale, setStale] = useState(false);
  useEffect(() => {
    if (picked)
      refreshDocuments(picked.id).then(
        () => setStale(false),
        () => setStale(true),
      );
  }, [picked]);

  return (
    <>
      <title>Your documents</title>
      <h1 className="title">Your documents</h1>
      {loading ? (
        <p aria-busy="true">Loading…</p>
      ) : !picked ? (
        <Alert kind="warning">
          {named ? 'That transaction was not found, or it is not yours.' : 'You have no transaction in progress.'}{' '}
          <Link to="/dashboard/active-transactions">See your transactions</Link>
        </Alert>
      ) : (
        <>
          <p className="mb-4">
            Documents for the {vehicleName(picked.vehicle)}.{' '}
            <Link to={`/dashboard/active-transactions/upload-docs/${picked.id}`}>Upload documents</Link>
          </p>
          {stale && <p className="help mb-3">Could not refresh just now; showing what was saved on this device.</p>}
          {documents === undefined ? (
            <p aria-busy="true">Loading…</p>
          ) : documents.length === 0 ? (
            <p>No documents received yet. Uploads still running show on the upload page until they finish.</p>
          ) : (
            <ul className="document-list" aria-label="Documents">
              {documents.map((document) => (
                <DocumentRow key={document.id} document={document} />
              ))}
            </ul>
          )}
        </>
      )}
    </>
  );
}
