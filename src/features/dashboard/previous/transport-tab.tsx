/**
 * A finished sale's transport tab: how the car reached the buyer — the vendor's delivery with its
 * milestones, the pickup, or the handover the parties arranged — and when it changed hands.
 */
import { HandoverPlanSection } from '../../../ui/delivery/handover-plan';
import { ShipmentTimeline } from '../../../ui/transport/shipment-timeline';
import { useClosedTransaction } from './detail-layout';

export function Component() {
  const detail = useClosedTransaction();
  const shipment = detail.shipment?.status === 'cancelled' ? null : detail.shipment;
  return (
    <>
      <title>Transport · Previous transaction</title>
      <h2 className="title is-5">Transport</h2>
      {detail.handover.partiesArrange ? (
        <HandoverPlanSection detail={detail} />
      ) : shipment ? (
        <div className="box">
          <ShipmentTimeline shipment={shipment} />
        </div>
      ) : (
        <p>No transport was booked for this sale.</p>
      )}
    </>
  );
}
