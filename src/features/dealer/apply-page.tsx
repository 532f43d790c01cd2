/**
 * `/dealers/apply` (signed in): the application to the dealer programme, and afterwards where it
 * stands — waiting for review, approved (on to dealer financing) or declined (the reason, and the
 * form again with what was sent). The decision comes in while the page is open: it is a
 * notification, and its arrival reads the application again.
 */
import { useEffect, useRef } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link } from 'react-router-dom';
import { cachedProfile, loadProfile } from '../../data/session/account';
import { myDealerApplication } from '../../data/api/dealer-applications';
import { useNotificationArrival } from '../../data/records/notifications';
import { useApiAnswer } from '../../data/records/use-api-answer';
import { BRAND } from '../../domain/brand';
import { formatDateTime } from '../../domain/dates';
import { phoneText, type DealerApplication } from '../../domain/dealer-application-contract';
import { Alert } from '../../ui/alert';
import { Button, buttonClass } from '../../ui/button';
import { PageMeta } from '../../ui/page-meta';
import { showToast } from '../../ui/toast-store';
import { ApplicationForm } from './application-form';

const DECIDED = ['dealer application decided'] as const;

export function Component() {
  const { answer, problem, reload } = useApiAnswer(myDealerApplication, []);
  const type = useLiveQuery(async () => (await cachedProfile())?.type, []);
  useNotificationArrival(DECIDED, () => void reload());
  const status = useRef<HTMLDivElement>(null);
  // Once the application sent is read back, where it stands takes the focus (the form it came from is gone).
  const focusStatus = useRef(false);
  const dealer = answer?.dealer ?? false;
  const application = answer?.application ?? null;
  // Approved while the page is open: the dashboard's navigation offers dealer financing from now on.
  useEffect(() => {
    if (dealer) void loadProfile();
  }, [dealer]);
  useEffect(() => {
    if (!focusStatus.current || application?.status !== 'pending') return;
    focusStatus.current = false;
    status.current?.focus();
  }, [application]);

  return (
    <section className="section container is-max-desktop" aria-labelledby="apply-heading">
      <PageMeta title="Apply to join the dealer programme" description={`Apply to sell and finance through ${BRAND.name} as a dealer.`} />
      <h1 id="apply-heading" className="title is-2">
        Apply to join the dealer programme
      </h1>
      {!answer && !problem && (
        <p role="status" aria-busy="true">
          Loading your application…
        </p>
      )}
      {problem && (
        <Alert kind="danger" title="Your application could not be loaded">
          <p>{problem.message}</p>
          <Button variant="outlined" size="small" className="mt-2" onClick={() => void reload()}>
            Try again
          </Button>
        </Alert>
      )}
      {/* A polite live region: a decision that comes in while the page is open is read out. */}
      <div aria-live="polite" ref={status} tabIndex={-1} className="dealer-apply-status">
        {answer && <Standing dealer={dealer} application={application} />}
      </div>
      {answer && !dealer && application?.status === 'pending' && <Sent application={application} />}
      {answer && !dealer && type === 'admin' && <Alert kind="info">An admin cannot also be a dealer.</Alert>}
      {answer && !dealer && type !== 'admin' && application?.status !== 'pending' && (
        <>
          {!application && <Intro />}
          <ApplicationForm
            key={application?.id ?? 'first'}
            earlier={application ?? undefined}
            onSent={() => {
              showToast('Your application is sent.', 'success');
              focusStatus.current = true;
              void reload();
            }}
          />
        </>
      )}
    </section>
  );
}

/** Where the caller's latest application stands; nothing before they apply. */
function Standing({ dealer, application }: { dealer: boolean; application: DealerApplication | null }) {
  if (dealer) return <Approved application={application} />;
  if (application?.status === 'pending')
    return (
      <Alert kind="info" title="We are reviewing your application">
        <p>
          You sent it on {formatDateTime(application.createdAt)}. We tell you the decision by e-mail and on this page, which you can leave
          meanwhile.
        </p>
      </Alert>
    );
  if (application?.status === 'declined')
    return (
      <Alert kind="warning" title={`Your application for ${application.dealershipName} was declined`}>
        <p>The reason we were given: {application.declineReason}</p>
        <p className="mt-2">Correct what it asks for below and send the application again.</p>
      </Alert>
    );
  // Approved once, and the dealer rights taken back since.
  if (application?.status === 'approved')
    return (
      <Alert kind="info" title="You are no longer a dealer">
        <p>
          Your application for {application.dealershipName} was approved, and your dealer rights have since been taken back. You can apply
          again.
        </p>
      </Alert>
    );
  return null;
}

function Intro() {
  return (
    <div className="content">
      <p>
        Tell us about your dealership. Our team reviews every application and checks the licence, and we tell you the decision by e-mail and
        on this page. Once you are approved, dealer financing opens in your dashboard: you submit your customers’ sales there, with
        financing from our dealer lender.
      </p>
    </div>
  );
}

function Approved({ application }: { application: DealerApplication | null }) {
  return (
    <Alert kind="success" title={application?.status === 'approved' ? 'Your application is approved' : `You are a ${BRAND.name} dealer`}>
      <p>
        {application?.status === 'approved'
          ? `${application.dealershipName} is now a ${BRAND.name} dealer: submit your customers’ sales and follow their financing in dealer financing.`
          : 'Submit your customers’ sales and follow their financing in dealer financing.'}
      </p>
      <Link className={`${buttonClass({})} mt-3`} to="/finance">
        Go to dealer financing
      </Link>
    </Alert>
  );
}

/** What the applicant sent, as the admins read it. */
function Sent({ application }: { application: DealerApplication }) {
  const { address } = application;
  return (
    <dl className="box dealer-facts mt-4" aria-label="Your application">
      <dt>Dealership</dt>
      <dd>{application.dealershipName}</dd>
      <dt>Licence</dt>
      <dd>{application.licenceNumber}</dd>
      <dt>Address</dt>
      <dd>
        {address.line1}, {address.city}, {address.state} {address.postalCode}
      </dd>
      <dt>Phone</dt>
      <dd>{phoneText(application.phone)}</dd>
      {application.note && (
        <>
          <dt>Your note</dt>
          <dd className="dealer-application-note">{application.note}</dd>
        </>
      )}
    </dl>
  );
}
