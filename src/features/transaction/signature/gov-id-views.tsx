/**
 * The government-ID check before signing (SPEC §4.4 signature views): the check itself in the
 * verification widget's government-ID flow, and what each outcome means — a decline to try again,
 * and a decline after a person's review, with what happens next and how to reach support.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { runtimeConfig } from '../../../data/api/runtime-config';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { VerificationFrame } from '../identity/verification-frame';
import { isPending, useTransactionContext } from '../transaction-context';

/** "government started": photograph the ID the buyer will sign with. */
export function GovernmentIdCheck() {
  const { detail, pending, act } = useTransactionContext();
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'info' | 'danger'; text: string } | null>(null);
  const widget = runtimeConfig().verificationWidget;
  const checking = isPending(pending, 'gov id started') || detail.status === 'signature_gov_id_started';
  const financed = detail.priceBreakdown?.financing != null;
  return (
    <section aria-labelledby="gov-id">
      <h1 id="gov-id" className="title is-4">
        Check your ID before signing
      </h1>
      <p className="mb-3">
        {financed ? 'Your lender needs' : 'We need'} to know the person signing is the person buying. Photograph the government ID you will
        sign with; it takes a minute.
      </p>
      {notice && (
        <Alert kind={notice.kind} dismissible onDismiss={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}
      {checking ? (
        <Alert kind="info" title="Checking your ID">
          This usually takes a few seconds. You can leave this page; we will show the result here.
        </Alert>
      ) : (
        <Button onClick={() => (setNotice(null), setOpen(true))}>Check my ID</Button>
      )}
      {open && (
        <VerificationFrame
          options={{
            host: widget.host,
            templateId: widget.governmentIdTemplateId,
            environment: widget.environment,
            referenceId: detail.id,
          }}
          onComplete={({ inquiryId }) => {
            setOpen(false);
            void act('gov id started', { inquiryId });
          }}
          onCancel={() => {
            setOpen(false);
            setNotice({ kind: 'info', text: 'You closed the ID check. Start it again whenever you are ready.' });
          }}
          onError={(message) => {
            setOpen(false);
            setNotice({ kind: 'danger', text: message });
          }}
        />
      )}
    </section>
  );
}

/** "gov id failed": the ID could not be matched; another try with a clearer photo or another ID. */
export function GovernmentIdFailed() {
  const { pending, act } = useTransactionContext();
  return (
    <section aria-labelledby="gov-id-failed">
      <h1 id="gov-id-failed" className="title is-4">
        We could not verify your ID
      </h1>
      <Alert kind="danger">The photo did not match the ID’s records, or parts of it could not be read.</Alert>
      <ul className="ui-checklist mb-4">
        <li>Use an ID that has not expired, in your own name</li>
        <li>Lay it flat in good light, all four corners in the frame, no glare</li>
        <li>Or use another ID: a passport or state ID card works too</li>
      </ul>
      <Button onClick={() => void act('gov id retried')} loading={isPending(pending, 'gov id retried')}>
        Try again
      </Button>
    </section>
  );
}

/** "gov id manual review failed": a person looked and could not verify it; what happens next. */
export function GovernmentIdReviewFailed() {
  const { pending, act } = useTransactionContext();
  return (
    <section aria-labelledby="gov-id-review">
      <h1 id="gov-id-review" className="title is-4">
        Your ID could not be verified after review
      </h1>
      <p className="mb-3">
        A member of our verification team looked at your ID and could not confirm it. Nothing has been signed and your payment stays held;
        the sale waits for you.
      </p>
      <p className="mb-4">
        Our support team can verify you another way (a video call with your ID, usually the same day).{' '}
        <Link to="/help">Contact support</Link> and mention your transaction. If you have another government ID, you can also try again with
        it.
      </p>
      <Button variant="secondary" onClick={() => void act('gov id retried')} loading={isPending(pending, 'gov id retried')}>
        Try again with another ID
      </Button>
    </section>
  );
}
