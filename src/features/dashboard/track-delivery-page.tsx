/**
 * `/dashboard/active-transactions/track-delivery(/{transactionId})`: how the car reaches the buyer —
 * a delivery's milestones as the vendor reports them, a pickup's appointment, or the handover the
 * parties arrange here where no flow books transport — and, wherever no vendor carries it, the
 * buyer's "I have the car" once the sale is paid and signed; the delivery clock with the buyer's
 * confirmation or problem (delivery-panel.tsx); and each party's record of the handover. Without
 * an id, the sales in progress, to choose one. Read from IndexedDB, refreshed on open.
 */
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { connectivity } from '../../data/device/connectivity';
import { queueAction } from '../../data/outbox/outbox';
import { refreshTransaction, refreshTransactions } from '../../data/records/transactions';
import { useOutbox, useTransaction, useTransactionList } from '../../data/records/use-transactions';
import { vehicleName } from '../../domain/offer-format';
import { Button } from '../../ui/button';
import { MoneyTimelineView } from '../../ui/money/money-timeline';
import { ReturnedPayout } from '../../ui/money/returned-payout';
import { RefusedActions } from '../../ui/refused-actions';
import { ShipmentTimeline } from '../../ui/transport/shipment-timeline';
import { CancelSale } from './cancel-sale';
import { DeliveryPanel } from '../../ui/delivery/delivery-panel';
import { HandoverPlanSection } from '../../ui/delivery/handover-plan';
import { HandoverSection } from '../../ui/delivery/handover-section';
import { isFinished, saleWords } from '../../domain/sale-state';
import { NextStepCallout } from '../../ui/next-step-callout';

function Choose() {
  const rows = useTransactionList();
  useEffect(() => {
    refreshTransactions().catch(() => undefined);
  }, []);
  const active = rows?.filter((row) => !isFinished(row.sale));
  return (
    <>
      <h1 className="title">Track a delivery</h1>
      {active === undefined ? (
        <p aria-busy="true">Loading…</p>
      ) : active.length === 0 ? (
        <p>
          No sale in progress. <Link to="/dashboard/active-transactions">Your transactions</Link>
        </p>
      ) : (
        <ul className="transaction-list">
          {active.map((row) => (
            <li key={row.id} className="box">
              <Link to={`/dashboard/active-transactions/track-delivery/${row.id}`}>{vehicleName(row.vehicle)}</Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Track({ id }: { id: string }) {
  const row = useTransaction(id);
  const outbox = useOutbox(id) ?? [];
  const { online } = useSnapshot(connectivity);
  // The copy saved on this device can be versions behind (a webhook moved the sale while the user was elsewhere):
  // an action based on it is refused as stale, so "I have the car" waits for this open's refresh (offline, the saved copy goes).
  const [checked, setChecked] = useState<string | null>(null);
  useEffect(() => {
    refreshTransaction(id)
      .catch(() => undefined)
      .finally(() => setChecked(id));
    // A shipment moves while the page is open: follow it.
    const timer = setInterval(
      () => navigator.onLine && document.visibilityState === 'visible' && refreshTransaction(id).catch(() => undefined),
      5000,
    );
    return () => clearInterval(timer);
  }, [id]);
  if (row === undefined) return <p aria-busy="true">Loading…</p>;
  const detail = row?.detail;
  if (!detail) return <p>This sale is not saved on this device. Connect to the internet and open it again.</p>;
  const shipment = detail.shipment?.status === 'cancelled' ? null : detail.shipment;
  const arranged = detail.handover.partiesArrange;
  const confirming = outbox.some((action) => action.event === 'vehicle received' && action.state === 'pending');
  const status = saleWords(detail.sale, detail.side);
  return (
    <>
      <h1 className="title">{arranged ? 'The handover' : shipment?.kind === 'Pickup' ? 'Your pickup' : 'Your delivery'}</h1>
      <p className="mb-4">
        {vehicleName(detail.vehicle)}
        {status && ` · ${status}`}
      </p>
      <RefusedActions rows={outbox} />
      {detail.cancellation && <p className="notification is-warning is-light">This sale was cancelled.</p>}
      <ReturnedPayout detail={detail} />
      <NextStepCallout detail={detail} />
      {arranged ? (
        <HandoverPlanSection detail={detail} />
      ) : shipment ? (
        <div className="box">
          <ShipmentTimeline shipment={shipment} />
        </div>
      ) : (
        <p>
          {detail.side === 'buyer' ? 'You have not chosen delivery or pickup yet.' : 'Your buyer has not chosen delivery or pickup yet.'}
        </p>
      )}
      {detail.handover.canSayReceived &&
        (checked !== id ? (
          <p className="mt-4" aria-busy="true">
            Checking the latest on your sale…
          </p>
        ) : (
          <div className="box">
            <p className="mb-2">
              {shipment?.appointment?.method === 'drop-off'
                ? 'Once the seller has brought you the car and the keys:'
                : 'Once you have the keys and the car:'}
            </p>
            <Button onClick={() => void queueAction(detail.id, 'vehicle received')} loading={confirming && online} disabled={confirming}>
              I have the car
            </Button>
            <p className="help mt-2" role="status">
              {confirming && !online
                ? 'Saved on this phone: it is sent as soon as you are back online, and your time to check the car starts then.'
                : 'Your time to check the car starts then; the seller is paid the rest once you confirm delivery.'}
            </p>
          </div>
        ))}
      {detail.side === 'buyer' &&
        !detail.handover.canSayReceived &&
        detail.sale.stage === 'in progress' &&
        shipment &&
        !shipment.vendor && <p className="mt-4">You can collect the car once your payment has cleared and both of you have signed.</p>}
      <DeliveryPanel detail={detail} />
      <HandoverSection detail={detail} />
      <MoneyTimelineView money={detail.money} />
      <p className="mt-4">
        <CancelSale detail={detail} />
      </p>
    </>
  );
}

export function Component() {
  const { transactionId } = useParams();
  return (
    <>
      <title>Track delivery</title>
      {transactionId ? <Track id={transactionId} /> : <Choose />}
    </>
  );
}
