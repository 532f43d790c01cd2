import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { proofFileProblem } from '../../../domain/proof-of-address';
import { connectivity } from '../../../data/connectivity';
import { uploadProofOfAddress } from '../../../data/proof-of-address';
import { Button } from '../../../ui/button';
import { FileField } from '../../../ui/form/file-field';
import { useTransactionContext } from '../transaction-context';

/** "Upload a proof of address": a recent utility bill or bank statement, reviewed instead of the address check. */
export function ProofUpload() {
  const { detail, act } = useTransactionContext();
  const { online } = useSnapshot(connectivity);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const send = async () => {
    if (!file) return setError('Choose a file');
    setSending(true);
    try {
      const documentKey = await uploadProofOfAddress(detail.id, file);
      await act('identity address uploaded', { documentKey, fileName: file.name });
    } catch (failure) {
      setError(
        failure instanceof Error && failure.message !== 'Network Error'
          ? failure.message
          : 'The upload needs a connection. Try again when you are online.',
      );
    } finally {
      setSending(false);
    }
  };
  return (
    <div className="box">
      <h2 className="title is-5">Or upload a proof of address</h2>
      <p className="mb-3">
        A utility bill, bank statement or lease from the last 90 days, showing your name and this address. PDF or photo, up to 5 MB.
      </p>
      <FileField
        label="Proof of address"
        accept="application/pdf,image/jpeg,image/png,image/heic"
        error={error}
        onFiles={([chosen]) => {
          setFile(chosen ?? null);
          setError(chosen ? proofFileProblem(chosen) : undefined);
        }}
      />
      <Button
        variant="outlined"
        onClick={() => void send()}
        loading={sending}
        disabled={!online || Boolean(file && proofFileProblem(file))}
      >
        Upload proof of address
      </Button>
      {!online && <p className="help">Uploading needs a connection.</p>}
    </div>
  );
}
