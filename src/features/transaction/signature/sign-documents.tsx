/**
 * "Sign your documents": what the party signs, their consent to sign electronically and whether to
 * share their contact details with the other party once both have signed, then the e-signature
 * provider's page. Coming back, how the session ended is said here (use-signing-return.ts records it).
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { readDraft, saveDraft } from '../../../data/device/drafts';
import { openSigningSession } from '../../../data/api/signing';
import { documentsOfSale, SALE_DOCUMENTS, SIGNING_RETURNS } from '../../../domain/signing';
import { useSnapshot } from 'valtio';
import { connectivity } from '../../../data/device/connectivity';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { CheckboxField } from '../../../ui/form/choice-fields';
import { isPending, useTransactionContext } from '../transaction-context';
import { SaleDocumentsList } from './sale-documents-list';
import { useSigning } from './use-signing';
import { useReturnedFromSigning } from './use-signing-return';

export function SignDocuments() {
  const { detail, pending } = useTransactionContext();
  const returned = useReturnedFromSigning();
  const { online } = useSnapshot(connectivity);
  const { state, problem: loadProblem, reload } = useSigning(detail);
  // The two choices are kept as a draft of this transaction's signing (drafts.ts): a screen drawn again under the open
  // form — the documents made, the sale moving on, a reload — shows them as the party left them, never unticked.
  const draftKey = `signing:${detail.id}`;
  const [consent, setConsent] = useState(false);
  const [share, setShare] = useState(true);
  useEffect(() => {
    void readDraft(draftKey).then((draft) => {
      if (typeof draft?.consent === 'boolean') setConsent(draft.consent);
      if (typeof draft?.share === 'boolean') setShare(draft.share);
    });
  }, [draftKey]);
  const choose = (next: { consent?: boolean; share?: boolean }) => {
    if (next.consent !== undefined) setConsent(next.consent);
    if (next.share !== undefined) setShare(next.share);
    void saveDraft(draftKey, { consent: next.consent ?? consent, share: next.share ?? share });
  };
  const [opening, setOpening] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const other = detail.side === 'buyer' ? 'seller' : 'buyer';

  const open = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!consent) return setProblem('Agree to sign electronically to open your documents.');
    setProblem(null);
    setOpening(true);
    try {
      const { url } = await openSigningSession(detail.id, { consent: true, shareContact: share });
      window.location.assign(url);
    } catch (error) {
      setOpening(false);
      setProblem((error as Error).message);
      void reload();
    }
  };

  // Opening the signing service is asked of the API at once, so it waits until what this device still
  // has queued (preparing the documents, the ID check) has reached the API: asked sooner, it is refused.
  const earlierQueued = pending.some((queued) => queued.state === 'pending' && queued.event !== 'documents signed');
  const kinds = documentsOfSale({ financed: detail.priceBreakdown?.financing != null });
  const signing = isPending(pending, 'documents signed') || (returned === 'signing_complete' && !state);
  return (
    <section aria-labelledby="sign">
      <h1 id="sign" className="title is-4">
        Sign your documents
      </h1>
      {returned && (
        <Alert kind={returned === 'signing_complete' ? 'success' : 'info'} title={returned === 'signing_complete' ? 'Signed' : undefined}>
          {SIGNING_RETURNS[returned]}
        </Alert>
      )}
      {state?.status === 'refused' && <Alert kind="danger">{state.refusedReason}</Alert>}
      {loadProblem && (
        <Alert kind="danger" title="We could not load your documents">
          {loadProblem}{' '}
          <button type="button" className="button is-small is-text" onClick={() => void reload()}>
            Try again
          </button>
        </Alert>
      )}
      <p className="mb-3">
        These documents transfer the car and make the title and registration possible. Open and read each one on the signing page; you sign
        and initial where it asks, and get the signed copies here.
      </p>
      {state && state.documents.length > 0 ? (
        <SaleDocumentsList documents={state.documents} />
      ) : (
        <ul className="ui-checklist mb-4" aria-label="Documents you will sign">
          {kinds
            .filter((kind) => (SALE_DOCUMENTS[kind].signers as readonly string[]).includes(detail.side))
            .map((kind) => (
              <li key={kind}>{SALE_DOCUMENTS[kind].title}</li>
            ))}
        </ul>
      )}
      {state?.waitingFor ? (
        <Alert kind="info" title="Almost ready">
          Your documents are made once {state.waitingFor}, so every figure in them is final. We will show them here; you can leave this page
          and come back.
        </Alert>
      ) : (
        <form noValidate onSubmit={(event) => void open(event)}>
          <CheckboxField
            label="I agree to sign these documents electronically"
            help="Under the federal ESIGN Act an electronic signature is as binding as one on paper."
            checked={consent}
            onChange={(event) => choose({ consent: event.target.checked })}
          />
          <p className="help mb-3">
            Read the <Link to="/legal/esign-policy">E-sign policy</Link>: your right to paper copies, and how to withdraw consent.
          </p>
          <CheckboxField
            label={`Share my e-mail and phone number with the ${other} once we have both signed`}
            help={`Only your name is shown to the ${other} otherwise.`}
            checked={share}
            onChange={(event) => choose({ share: event.target.checked })}
          />
          {problem && <Alert kind="danger">{problem}</Alert>}
          {!online && <Alert kind="warning">You are offline. Signing happens on the signing service’s page: connect to open it.</Alert>}
          {online && earlierQueued && (
            <p className="help mb-2" role="status">
              Sending your last steps first; signing opens as soon as they have reached us.
            </p>
          )}
          <Button type="submit" loading={opening || signing} disabled={!online || state === null || earlierQueued}>
            Review and sign
          </Button>
        </form>
      )}
    </section>
  );
}
