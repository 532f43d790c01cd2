/**
 * `/dashboard/active-transactions/upload-docs[/{transactionId}]`: choose which document, then
 * drop, choose or photograph files; each one uploads on its own with progress, pause, resume
 * and cancel, carrying on after a lost connection, a reload or a browser restart.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { acceptedTypesText, DOCUMENT_SLOTS, DOCUMENT_SLOT_NAMES, type DocumentSlot } from '../../domain/document-slots';
import { vehicleName } from '../../domain/offer-format';
import { addUpload, useUploads } from '../../data/device/uploads';
import { Alert } from '../../ui/alert';
import { FileDrop } from '../../ui/uploads/file-drop';
import { UploadItem } from '../../ui/uploads/upload-item';
import { usePickedTransaction } from './transaction-picker';

export function Component() {
  const { rows, picked, named, loading } = usePickedTransaction();
  const navigate = useNavigate();
  const slots = DOCUMENT_SLOT_NAMES.filter(
    (name) => picked && !('inStep' in DOCUMENT_SLOTS[name]) && (DOCUMENT_SLOTS[name].sides as readonly string[]).includes(picked.side),
  );
  const [chosenSlot, setSlot] = useState<DocumentSlot | undefined>();
  const slot = chosenSlot && slots.includes(chosenSlot) ? chosenSlot : slots[0];
  const tasks = useUploads(picked?.id);
  const [refusals, setRefusals] = useState<string[]>([]);

  const add = async (files: File[]) => {
    if (!picked || !slot) return;
    const results = await Promise.allSettled(files.map((file) => addUpload(picked.id, slot, file)));
    setRefusals(results.flatMap((result) => (result.status === 'rejected' ? [String((result.reason as Error).message)] : [])));
  };

  return (
    <>
      <title>Upload documents</title>
      <h1 className="title">Upload documents</h1>
      {loading ? (
        <p aria-busy="true">Loading…</p>
      ) : !picked ? (
        <Alert kind="warning">
          {named
            ? 'That transaction was not found, or it is not yours.'
            : 'You have no transaction in progress, so there is nothing to upload yet.'}{' '}
          <Link to="/dashboard/active-transactions">See your transactions</Link>
        </Alert>
      ) : (
        <>
          {rows && rows.length > 1 && (
            <div className="field">
              <label className="label" htmlFor="upload-transaction">
                Transaction
              </label>
              <div className="select">
                <select
                  id="upload-transaction"
                  value={picked.id}
                  onChange={(event) => navigate(`/dashboard/active-transactions/upload-docs/${event.target.value}`)}
                >
                  {rows.map((row) => (
                    <option key={row.id} value={row.id}>
                      {vehicleName(row.vehicle)} · {row.side}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          )}
          <p className="mb-4">
            For your {picked.side === 'seller' ? 'sale' : 'purchase'} of the {vehicleName(picked.vehicle)}. Uploads carry on if you lose the
            connection or close this page; come back any time.{' '}
            <Link to={`/dashboard/active-transactions/view-docs/${picked.id}`}>See documents already received</Link>
          </p>
          <fieldset className="field">
            <legend className="label">Which document?</legend>
            <div className="control slot-choices">
              {slots.map((name) => (
                <label key={name} className="radio">
                  <input type="radio" name="slot" value={name} checked={slot === name} onChange={() => setSlot(name)} />{' '}
                  {DOCUMENT_SLOTS[name].label}
                </label>
              ))}
            </div>
          </fieldset>
          {slot && (
            <FileDrop
              label={DOCUMENT_SLOTS[slot].label}
              accept={DOCUMENT_SLOTS[slot].types.join(',')}
              help={`${acceptedTypesText(slot)}; several files at once are fine.`}
              camera
              onFiles={(files) => void add(files)}
            />
          )}
          {refusals.length > 0 && (
            <Alert kind="danger" title="Some files were not added">
              <ul>
                {refusals.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            </Alert>
          )}
          <h2 className="title is-5 mt-5">Uploads</h2>
          {tasks === undefined ? (
            <p aria-busy="true">Loading…</p>
          ) : tasks.length === 0 ? (
            <p>Nothing uploading. Files you add appear here with their progress.</p>
          ) : (
            <ul className="upload-list" aria-label="Uploads">
              {tasks.map((task) => (
                <UploadItem key={task.id} task={task} />
              ))}
            </ul>
          )}
        </>
      )}
    </>
  );
}
