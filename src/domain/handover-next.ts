/**
 * What a party does next once both have signed and until delivery is confirmed (DESIGN.md §5: a
 * party's "Needs attention" always names their next action and its deadline): arrange the handover
 * where the parties arrange it, meet at the pickup or drop-off, hand the car to the vendor's driver,
 * check the car and confirm delivery before the buyer's time ends — or wait for Caramel's decision
 * on a case. next-step.ts asks it when the party's own steps are done.
 */
import { casePath, type HandoverArrangement } from './delivery';
import { addressText } from './payload-fields';
import { otherSide, type Side } from './parties';
import type { Sale } from './sale-state';
import type { NextStep } from './transaction-contract';
import { appointmentText, handoverPlanWords, isArranged, VENDOR_NAMES, windowText, type Shipment } from './transport';

export interface HandoverNextInput {
  transactionId: string;
  side: Side;
  sale: Sale;
  /** The deal's live shipment as this party may see it (null when nothing is arranged). */
  shipment: Pick<Shipment, 'vendor' | 'appointment' | 'pickupWindow' | 'deliveryWindow'> | null;
  arrangement: HandoverArrangement;
  /** Neither flow books transport: the parties arrange the handover themselves. */
  partiesArrange: boolean;
}

export const trackPath = (transactionId: string) => `/dashboard/active-transactions/track-delivery/${transactionId}`;

/** The next step for `side` while the sale waits for the handover, the buyer's check or a case; undefined at any other stage. */
export function handoverNext(input: HandoverNextInput): NextStep | undefined {
  const { side, sale, shipment } = input;
  const other = otherSide(side);
  const track = trackPath(input.transactionId);
  const see = (label: string) => ({ label, to: track });
  if (sale.stage === 'clock running')
    return side === 'buyer'
      ? {
          who: 'you',
          text: 'Check the car against the listing and the documents, then confirm delivery or raise a problem.',
          action: see('Confirm delivery'),
          deadline: sale.releasesAt,
        }
      : {
          who: 'buyer',
          text: 'The buyer is checking the car. The rest of your payout is released when they confirm delivery, or when their time ends with no problem raised.',
          action: see('See the delivery'),
          deadline: sale.releasesAt,
        };
  if (sale.stage === 'disputed')
    return {
      who: 'Caramel',
      text: 'Caramel is deciding the case about the car; the money still held stays held until then. Add anything that helps.',
      action: { label: 'Open the case', to: casePath(input.transactionId) },
    };
  if (sale.stage !== 'waiting for handover') return undefined;

  const appointment = shipment?.appointment;
  if (input.arrangement === 'vendor delivery' && shipment?.vendor) {
    const vendor = VENDOR_NAMES[shipment.vendor];
    return side === 'buyer'
      ? {
          who: 'transport vendor',
          text: `${vendor} delivers the car${shipment.deliveryWindow ? ` ${windowText(shipment.deliveryWindow)}` : ''}. Check it when it arrives.`,
          action: see('Follow the delivery'),
        }
      : {
          who: 'you',
          text: `${vendor} collects the car${shipment.pickupWindow ? ` ${windowText(shipment.pickupWindow)}` : ''}: have it ready with the keys, and record the handover.`,
          action: see('See the delivery'),
        };
  }
  if (isArranged(appointment)) {
    const words = handoverPlanWords(appointment);
    if (!appointment.agreedAt)
      return appointment.proposedBy === side
        ? { who: other, text: `Waiting for the ${other} to agree to ${words}.`, action: see('See the handover') }
        : {
            who: 'you',
            text: `Agree to the handover the ${other} proposed, ${words}, or propose another.`,
            action: see('Answer the proposal'),
          };
    const where = `at ${addressText(appointment.place)} on ${appointmentText(appointment)}`;
    const text =
      side === 'buyer'
        ? appointment.method === 'pickup'
          ? `Collect the car ${where}, then say you have it.`
          : `The seller brings the car ${where}; once you have it, say so.`
        : appointment.method === 'pickup'
          ? `Hand the car to the buyer ${where}, and record the handover.`
          : `Bring the car to the buyer ${where}, and record the handover.`;
    return { who: 'you', text, action: see('See the handover') };
  }
  if (input.arrangement === 'pickup' && appointment)
    return side === 'buyer'
      ? {
          who: 'you',
          text: `Collect the car at the seller’s on ${appointmentText(appointment)}, then say you have it.`,
          action: see('See the pickup'),
        }
      : {
          who: 'you',
          text: `Hand the car to the buyer on ${appointmentText(appointment)}, and record the handover.`,
          action: see('See the pickup'),
        };
  if (input.partiesArrange)
    return {
      who: 'you',
      text: `Arrange the handover with the ${other}: who brings the car, where and when.`,
      action: see('Arrange the handover'),
    };
  return side === 'buyer'
    ? { who: 'you', text: 'Once you have the car, say so: your time to check it starts then.', action: see('See the handover') }
    : { who: 'you', text: 'Hand the car to the buyer, and record the handover.', action: see('See the handover') };
}
