/**
 * The admins' review of applications to the dealer programme, on `/dashboard/dealers`: every
 * waiting application with who sent it, "Approve" (the applicant is a dealer at once) and
 * "Decline" (the reason, asked in a dialog, is what the applicant reads); then the recently
 * decided. A new application comes in while the page is open: admins are notified, and the
 * notification's arrival reads the list again.
 */
import { useState } from 'react';
import * as z from 'zod/mini';
import { applicationsForReview, decideDealerApplication } from '../../data/api/dealer-applications';
import { useNotificationArrival } from '../../data/records/notifications';
import { useApiAnswer } from '../../data/records/use-api-answer';
import { formatDateTime } from '../../domain/dates';
import {
  DECLINE_REASON_MAX,
  declineReasonField,
  phoneText,
  type ApplicationDecision,
  type ReviewedApplication,
} from '../../domain/dealer-application-contract';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextareaField } from '../../ui/form/textarea-field';
import { useZodForm } from '../../ui/form/use-zod-form';
import { Modal } from '../../ui/modal';
import { showToast } from '../../ui/toast-store';

const NEW_APPLICATION = ['dealer application'] as const;
const reasonSchema = z.object({ reason: declineReasonField });

/** `onApproved`: the dealer list below reads itself again. */
export function DealerApplications({ onApproved }: { onApproved: () => Promise<void> }) {
  const { answer, problem, reload } = useApiAnswer(applicationsForReview, []);
  useNotificationArrival(NEW_APPLICATION, () => void reload());
  const [busy, setBusy] = useState<string | null>(null);
  const [declining, setDeclining] = useState<ReviewedApplication | null>(null);

  async function decide(application: ReviewedApplication, decision: ApplicationDecision) {
    setBusy(application.id);
    try {
      await decideDealerApplication(application.id, decision);
      showToast(
        decision.decision === 'approve'
          ? `${application.dealershipName} is now a dealer.`
          : `The application from ${application.dealershipName} is declined. ${application.applicant.email} is told why.`,
        'success',
      );
      setDeclining(null);
      await Promise.all([reload(), decision.decision === 'approve' ? onApproved() : undefined]);
    } catch (error) {
      showToast((error as Error).message, 'danger');
      // Decided by another admin meanwhile: show the list as it is now.
      await reload();
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="applications-heading" className="mb-6">
      <h2 id="applications-heading" className="title is-4">
        Applications waiting{answer && answer.pending.length > 0 ? ` (${answer.pending.length})` : ''}
      </h2>
      {problem && (
        <Alert kind="danger" title="The applications could not be loaded">
          <p>{problem.message}</p>
          <Button variant="outlined" size="small" className="mt-2" onClick={() => void reload()}>
            Try again
          </Button>
        </Alert>
      )}
      {!answer && !problem && <p role="status">Loading applications…</p>}
      {answer && answer.pending.length === 0 && <p className="mb-4">No applications are waiting.</p>}
      {answer && answer.pending.length > 0 && (
        <ul aria-label="Applications waiting">
          {answer.pending.map((application) => (
            <PendingApplication
              key={application.id}
              application={application}
              busy={busy === application.id}
              onApprove={() => void decide(application, { decision: 'approve' })}
              onDecline={() => setDeclining(application)}
            />
          ))}
        </ul>
      )}
      {answer && answer.decided.length > 0 && <RecentlyDecided applications={answer.decided} />}
      <DeclineDialog
        application={declining}
        busy={declining !== null && busy === declining.id}
        onCancel={() => setDeclining(null)}
        onDecline={(reason) => declining && void decide(declining, { decision: 'decline', reason })}
      />
    </section>
  );
}

function PendingApplication(props: { application: ReviewedApplication; busy: boolean; onApprove: () => void; onDecline: () => void }) {
  const { application } = props;
  const { address } = application;
  const nameId = `application-${application.id}`;
  return (
    <li className="box dealer-application" aria-labelledby={nameId}>
      <div className="dealer-application-facts">
        <h3 id={nameId} className="title is-5 mb-2">
          {application.dealershipName}
        </h3>
        <dl className="dealer-facts">
          <dt>Licence</dt>
          <dd>{application.licenceNumber}</dd>
          <dt>Address</dt>
          <dd>
            {address.line1}, {address.city}, {address.state} {address.postalCode}
          </dd>
          <dt>Phone</dt>
          <dd>
            <a href={`tel:${application.phone}`}>{phoneText(application.phone)}</a>
          </dd>
          <dt>Applicant</dt>
          <dd>
            {application.applicant.name && <span className="is-block">{application.applicant.name}</span>}
            {application.applicant.email}
          </dd>
          <dt>Sent</dt>
          <dd>{formatDateTime(application.createdAt)}</dd>
          {application.note && (
            <>
              <dt>Note</dt>
              <dd className="dealer-application-note">{application.note}</dd>
            </>
          )}
        </dl>
      </div>
      <div className="buttons">
        <Button loading={props.busy} onClick={props.onApprove} aria-describedby={nameId}>
          Approve
        </Button>
        <Button variant="outlined" disabled={props.busy} onClick={props.onDecline} aria-describedby={nameId}>
          Decline
        </Button>
      </div>
    </li>
  );
}

function RecentlyDecided({ applications }: { applications: ReviewedApplication[] }) {
  return (
    <>
      <h3 className="title is-6 mt-5 mb-2">Recently decided</h3>
      <ul aria-label="Recently decided" className="dealer-decided mb-4">
        {applications.map((application) => (
          <li key={application.id}>
            <span className={`tag ${application.status === 'approved' ? 'is-success' : 'is-warning'} is-light mr-2`}>
              {application.status === 'approved' ? 'Approved' : 'Declined'}
            </span>
            <span className="has-text-weight-semibold">{application.dealershipName}</span> · {application.applicant.email}
            {application.decidedAt && <> · {formatDateTime(application.decidedAt)}</>}
            {application.declineReason && <p className="help">Reason: {application.declineReason}</p>}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Asks the reason for declining; the applicant reads it. */
function DeclineDialog(props: {
  application: ReviewedApplication | null;
  busy: boolean;
  onCancel: () => void;
  onDecline: (reason: string) => void;
}) {
  return (
    <Modal open={props.application !== null} onClose={props.onCancel} title="Decline this application?">
      {props.application && <DeclineForm key={props.application.id} {...props} application={props.application} />}
    </Modal>
  );
}

function DeclineForm({
  application,
  busy,
  onCancel,
  onDecline,
}: {
  application: ReviewedApplication;
  busy: boolean;
  onCancel: () => void;
  onDecline: (reason: string) => void;
}) {
  const form = useZodForm(reasonSchema, { reason: '' });
  const submit = form.handleSubmit((values) => onDecline(values.reason));
  return (
    <form onSubmit={submit} noValidate>
      <p className="mb-4">
        {application.dealershipName} ({application.applicant.email}) is told by e-mail and in the app, with your reason. They can apply
        again.
      </p>
      <TextareaField
        label="Why is it declined?"
        rows={3}
        maxLength={DECLINE_REASON_MAX}
        help={`The applicant reads this. Say what to correct if they can. ${form.values.reason.trim().length} of ${DECLINE_REASON_MAX} characters.`}
        {...form.textField('reason')}
      />
      <div className="buttons is-right">
        <Button variant="secondary" onClick={onCancel}>
          Keep it waiting
        </Button>
        <Button type="submit" variant="danger" loading={busy}>
          Decline application
        </Button>
      </div>
    </form>
  );
}
