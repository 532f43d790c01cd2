/**
 * `/dashboard/active-transactions/track-delivery(/{transactionId})`: the shipment of a sale — a
 * delivery's milestones as the vendor reports them, or a pickup's appointment — and, for a buyer
 * collecting the car, "I have the car" once the sale is paid and signed; the delivery clock with the
 * buyer's confirmation or problem (delivery-panel.tsx); and each party's record of the handover. Without an id, the sales
 * with transport booked, to choose one. Read from IndexedDB, refreshed on open.
 */
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { queueAction } from '../../data/outbox';
import { refreshTransaction, refreshTransactions, useOutbox, useTransaction, useTransactionList } from '../../data/transactions';
import { vehicleName } from '../../domain/offer-format';
import { Button } from '../../ui/button';
import { MoneyTimelineView } from '../../ui/money/money-timeline';
import { ReturnedPayout } from '../../ui/money/returned-payout';
import { RefusedActions } from '../../ui/refused-actions';
import { ShipmentTimeline } from '../../ui/transport/shipment-timeline';
import { CancelSale } from './cancel-sale';
import { DeliveryPanel } from '../../ui/delivery/delivery-panel';
import { HandoverSection } from '../../ui/delivery/handover-section';

function Choose() {
  const rows = useTransactionList();
  useEffect(() => {
    refreshTransactions().catch(() => undefined);
  }, []);
  const active = rows?.filter((row) => !row.completedAt && !row.cancelledAt);
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
  const shipment = detail.shipment;
  const pickingUp =
    detail.side === 'buyer' && shipment?.kind === 'Pickup' && !shipment.handedOverAt && detail.allowedEvents.includes('vehicle received');
  // The seller hands the car over once the payment has cleared: until then, say so instead of offering a button that would be refused.
  const cleared = detail.money.totals.collected > 0;
  const confirming = outbox.some((action) => action.event === 'vehicle received' && action.state === 'pending');
  return (
    <>
      <h1 className="title">{shipment?.kind === 'Pickup' ? 'Your pickup' : 'Your delivery'}</h1>
      <p className="mb-4">{vehicleName(detail.vehicle)}</p>
      <RefusedActions rows={outbox} />
      {detail.cancellation && <p className="notification is-warning is-light">This sale was cancelled.</p>}
      <ReturnedPayout detail={detail} />
      {shipment ? (
        <div className="box">
          <ShipmentTimeline shipment={shipment} />
          {pickingUp && !cleared && (
            <p className="mt-4">Your payment is on its way through the banks; you can collect the car once it has cleared.</p>
          )}
          {pickingUp && cleared && checked !== id && (
            <p className="mt-4" aria-busy="true">
              Checking the latest on your sale…
            </p>
          )}
          {pickingUp && cleared && checked === id && (
            <div className="mt-4">
              <p className="mb-2">At the seller’s, once you have the keys and the car:</p>
              <Button onClick={() => void queueAction(detail.id, 'vehicle received')} loading={confirming}>
                I have the car
              </Button>
            </div>
          )}
        </div>
      ) : (
        <p>
          {detail.side === 'buyer' ? 'You have not chosen delivery or pickup yet.' : 'Your buyer has not chosen delivery or pickup yet.'}
        </p>
      )}
      <DeliveryPanel transactionId={detail.id} />
      <HandoverSection transactionId={detail.id} />
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
