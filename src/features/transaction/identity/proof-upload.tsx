import { useEffect, useRef, useState } from 'react';
import { acceptedTypesText } from '../../../domain/document-slots';
import { addUpload, useUploads } from '../../../data/device/uploads';
import { Alert } from '../../../ui/alert';
import { FileDrop } from '../../../ui/uploads/file-drop';
import { UploadItem } from '../../../ui/uploads/upload-item';
import { isPending, useTransactionContext } from '../transaction-context';

/**
 * "Upload a proof of address": a recent utility bill or bank statement, reviewed instead of the
 * address check. It goes through the resumable uploader, so it survives a lost connection or a
 * closed page; once storage holds a readable file, the step is told (on this visit or the next).
 */
export function ProofUpload() {
  const { detail, pending, act } = useTransactionContext();
  const proofs = useUploads(detail.id)?.filter((task) => task.slot === 'proof-of-address');
  const [refusal, setRefusal] = useState<string | undefined>();
  const reported = useRef<string | undefined>(undefined);
  const ready = proofs?.find((task) => task.status === 'completed' && task.document?.review === 'received');

  useEffect(() => {
    if (!ready?.document || reported.current === ready.id || isPending(pending, 'identity address uploaded')) return;
    reported.current = ready.id;
    void act('identity address uploaded', { documentKey: ready.document.key, fileName: ready.fileName });
  }, [ready, pending, act]);

  return (
    <div className="box">
      <h2 className="title is-5">Or upload a proof of address</h2>
      <p className="mb-3">A utility bill, bank statement or lease from the last 90 days, showing your name and this address.</p>
      <FileDrop
        label="Proof of address"
        accept="application/pdf,image/jpeg,image/png,image/heic"
        help={`${acceptedTypesText('proof-of-address')}, up to 5 MB. It keeps uploading if you lose the connection.`}
        camera
        onFiles={([file]) => {
          setRefusal(undefined);
          if (file) addUpload(detail.id, 'proof-of-address', file).catch((error: Error) => setRefusal(error.message));
        }}
      />
      {refusal && (
        <Alert kind="danger" title="That file cannot be used">
          {refusal}
        </Alert>
      )}
      {proofs && proofs.length > 0 && (
        <ul className="upload-list mt-3" aria-label="Uploads">
          {proofs.map((task) => (
            <UploadItem key={task.id} task={task} />
          ))}
        </ul>
      )}
    </div>
  );
}
