/**
 * The transaction-flow layout around every step screen (SPEC §2.4, §2.7): the party's steps,
 * the vehicle and price, how fresh the saved copy is, actions still pending or refused, and the
 * price breakdown, and where the other party stands. Everything is read from IndexedDB; when the
 * status moves on (an action applied, a provider answered) the party is taken to the screen it now
 * maps to. Success screens are drawn in the notification-flow layout instead (SPEC §2.7).
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { timelinePath } from '../../domain/deal-timeline';
import { follow, type Following } from '../../domain/follow-status';
import { vehicleName, formatDollars } from '../../domain/offer-format';
import { awaitingProvider, stepOfAction, stepScreen } from '../../domain/step-progress';
import { SCREENS, screenAt, STEP_LABELS, stepOfPath, SUCCESS_SCREENS } from '../../domain/transaction-steps';
import { queueActions } from '../../data/outbox/outbox';
import { forgetAsked, guardLanding, screenFor, TRANSACTIONS_PATH } from '../../data/records/transaction-guard';
import { FRESHNESS_KEYS, refreshOnce } from '../../data/records/freshness';
import { refreshTransaction } from '../../data/records/transactions';
import { useOutbox, useTransaction } from '../../data/records/use-transactions';
import { Button, buttonClass } from '../../ui/button';
import { showToast } from '../../ui/toast-store';
import { NotificationFlowLayout } from '../../ui/layout/notification-flow-layout';
import { TransactionFlowLayout } from '../../ui/layout/transaction-flow-layout';
import { Modal } from '../../ui/modal';
import { PriceBreakdownDrawer } from './price-breakdown-drawer';
import { VehicleReportsView } from '../../ui/reports/vehicle-reports';
import { DeliveryPanel } from '../../ui/delivery/delivery-panel';
import { NextStepCallout } from '../../ui/next-step-callout';
import { OtherPartyProgress } from './other-party-progress';
import { RefusedActions } from '../../ui/refused-actions';
import { PendingChoice, SavedStatus } from './saved-status';
import type { TransactionDetail } from '../../domain/transaction-contract';
import type { TransactionContext } from './transaction-context';
import { notSavedText } from '../../data/api/problem-words';

/**
 * Takes the party where the status now points (follow-status.ts); returns that path while they are being taken there.
 * The guard placed them on the saved copy's word: where it did so as the status's step, they follow from the first
 * copy this screen reads — a fresh one may have landed before it — and a screen they asked for that the saved copy had
 * not reached yet is where they go once a fresh copy allows it.
 */
function useFollowStatus(detail: TransactionDetail | undefined, id: string | null): string | null {
  const navigate = useNavigate();
  const location = useLocation();
  const following = useRef<Following>({ pointedAt: undefined, chain: [] });
  const [takingTo, setTakingTo] = useState<string | null>(null);
  const destination = detail?.destination?.path;
  // Before the browser paints: the screen never shows a frame of the new view in the layout it is leaving.
  useLayoutEffect(() => {
    const landed = id ? guardLanding(id) : null;
    if (following.current.pointedAt === undefined && landed?.at === location.pathname && landed.destination)
      following.current = { pointedAt: landed.destination, chain: [] };
    const { to, now } = follow(following.current, destination, location.pathname);
    following.current = now;
    const asked = to && detail && landed?.asked ? landed.asked : null;
    const target = asked && screenFor(detail!, new URL(asked, window.location.origin).pathname).redirect === null ? asked : null;
    if (to) forgetAsked();
    setTakingTo(to && id ? (target ? new URL(target, window.location.origin).pathname : to) : null);
    if (to && id) navigate(target ?? `${to}?transaction=${id}`, { replace: true });
  }, [destination, detail, id, location.pathname, navigate]);
  return takingTo;
}

const ANSWER_POLL_MS = 3000;

/** While a provider that answers by webhook is at work, fetch the transaction now and then so the screen follows its answer. */
function useProviderAnswer(id: string | null, waiting: boolean) {
  useEffect(() => {
    if (!id || !waiting) return;
    const timer = setInterval(() => {
      // One fetch at a time: on a slow connection a poll every 3 s would otherwise pile requests up.
      if (navigator.onLine && document.visibilityState === 'visible')
        refreshOnce(FRESHNESS_KEYS.transaction(id), () => refreshTransaction(id), { quietly: true }).catch(() => undefined);
    }, ANSWER_POLL_MS);
    return () => clearInterval(timer);
  }, [id, waiting]);
}

const isSuccessScreen = (path: string | null) => {
  const screen = path === null ? undefined : screenAt(path);
  return screen !== undefined && SUCCESS_SCREENS.includes(screen);
};

export function Component() {
  const [search] = useSearchParams();
  const id = search.get('transaction');
  const row = useTransaction(id ?? undefined);
  const pending = useOutbox(id ?? undefined) ?? [];
  const [drawer, setDrawer] = useState(false);
  const [reports, setReports] = useState(false);
  const { pathname } = useLocation();
  const takingTo = useFollowStatus(row?.detail, id);
  useProviderAnswer(id, !!row?.detail && awaitingProvider(row.detail));

  if (row === undefined)
    return (
      <p className="section has-text-centered" aria-busy="true">
        Loading your transaction…
      </p>
    );
  if (!row?.detail) {
    return (
      <section className="section container is-max-desktop">
        <h1 className="title">This transaction is not saved on this device</h1>
        <p className="mb-4">Connect to the internet and open it again; it will then be available offline too.</p>
        <Link to={TRANSACTIONS_PATH}>Your transactions</Link>
      </section>
    );
  }
  const { detail } = row;
  const context: TransactionContext = {
    detail,
    savedAt: row.savedAt,
    pending,
    // Recording an action fails only when IndexedDB does (storage full, private mode): say so.
    act: (event, payload) => context.actInOrder([{ event, payload }]),
    actInOrder: (moves) =>
      queueActions(detail.id, moves).catch((error: unknown) => void showToast(notSavedText('Your action was not saved', error), 'danger')),
  };
  // On the way to a success screen, its layout at once: the step's new view drawn in the old layout first moved its
  // button as the navigation landed, under a tap.
  // (Leaving a success screen, its layout stays until the next screen lands: the page it shows is drawn for that layout.)
  // What this screen's step chose and the server has not confirmed yet (after a reload offline too): a success screen
  // says it was chosen, and this says it has not been sent.
  const unsent = <PendingChoice rows={pending.filter((queued) => stepOfAction(queued.event) === stepOfPath(pathname))} />;
  if ([pathname, takingTo].some(isSuccessScreen))
    return (
      <NotificationFlowLayout>
        <RefusedActions rows={pending} />
        <DeliveryPanel detail={detail} />
        <Outlet context={context} />
        {unsent}
      </NotificationFlowLayout>
    );
  const steps = detail.steps.map(({ step, state }) => ({
    id: step,
    label: STEP_LABELS[step],
    state,
    ...(state === 'done' ? { to: `${SCREENS[stepScreen(detail.flow, step)].path}?transaction=${detail.id}` } : {}),
  }));
  return (
    <TransactionFlowLayout steps={steps}>
      <div className="transaction-heading">
        <p className="has-text-weight-semibold">
          {vehicleName(detail.vehicle)} · {formatDollars(detail.price)}
        </p>
        <div className="buttons are-small">
          <Link className={buttonClass({ variant: 'text', size: 'small' })} to={timelinePath(detail.id)}>
            Timeline
          </Link>
          <Button variant="text" size="small" onClick={() => setReports(true)}>
            Vehicle reports
          </Button>
          {(detail.priceBreakdown || detail.payout) && (
            <Button variant="text" size="small" onClick={() => setDrawer(true)}>
              {detail.payout ? 'Your payout' : 'Price breakdown'}
            </Button>
          )}
        </div>
      </div>
      <SavedStatus id={detail.id} savedAt={row.savedAt} pending={pending} />
      {/* Once the car is handed over, the clock and the buyer's confirmation come first, whichever step is open. */}
      <DeliveryPanel detail={detail} />
      {/* Reading a step back that is done: what the sale waits on now, and the way there. */}
      {detail.steps.find(({ step }) => step === stepOfPath(pathname))?.state === 'done' && <NextStepCallout detail={detail} />}
      <RefusedActions rows={pending} />
      <Outlet context={context} />
      {/* Below the step, what comes and goes while a person taps — their choice not confirmed yet, the other party's
          line — so it never moves the step's buttons under a tap. */}
      {unsent}
      <OtherPartyProgress dealId={detail.dealId} />
      {(detail.priceBreakdown || detail.payout) && <PriceBreakdownDrawer open={drawer} onClose={() => setDrawer(false)} detail={detail} />}
      <Modal open={reports} onClose={() => setReports(false)} title="Vehicle reports">
        <VehicleReportsView reports={detail.vehicleReports} headingLevel={3} />
      </Modal>
    </TransactionFlowLayout>
  );
}
