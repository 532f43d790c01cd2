import { useState } from 'react';
import { runtimeConfig } from '../../../data/api/runtime-config';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { isPending, useTransactionContext } from '../transaction-context';
import { VerificationFrame } from './verification-frame';

/** "Verify your identity": what is asked and why, then the verification widget. */
export function VerifyLanding() {
  const { detail, pending, act } = useTransactionContext();
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'info' | 'danger'; text: string } | null>(null);
  const widget = runtimeConfig().verificationWidget;
  const you = detail.parties.find((party) => party.you);
  return (
    <section aria-labelledby="verify-identity">
      <h1 id="verify-identity" className="title is-4">
        Verify your identity
      </h1>
      <p className="mb-3">
        Before money or a title changes hands, we check that everyone is who they say they are. You will photograph a government ID and take
        a selfie; it takes about two minutes.
      </p>
      <ul className="mb-4 ui-checklist">
        <li>A driver's license, passport or state ID that has not expired</li>
        <li>A phone or computer with a camera</li>
        <li>Good light, and your face uncovered</li>
      </ul>
      {notice && (
        <Alert kind={notice.kind} dismissible onDismiss={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}
      <Button onClick={() => (setNotice(null), setOpen(true))} loading={isPending(pending, 'identity submitted')}>
        Verify my identity
      </Button>
      {open && (
        <VerificationFrame
          options={{
            host: widget.host,
            templateId: widget.templateId,
            environment: widget.environment,
            referenceId: detail.id,
            ...(you?.firstName ? { prefill: { nameFirst: you.firstName } } : {}),
          }}
          onComplete={({ inquiryId }) => {
            setOpen(false);
            void act('identity submitted', { inquiryId });
          }}
          onCancel={() => {
            setOpen(false);
            setNotice({ kind: 'info', text: 'You closed the verification. Start again whenever you are ready.' });
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
