/**
 * Where a sale stands as a whole (DESIGN.md §5): it is closed only when it is done — both parties'
 * steps behind them, the car handed over and delivery confirmed (by the buyer, by the clock running
 * out, or by an admin's decision on a case). Until then it says what it waits for. One definition:
 * the server's lists, mail and timeline PDF and the app's lists, overview and panels all read it.
 */
import * as z from 'zod/mini';
import { deliveryState, type DeliveryState, type DisputeStatus } from './delivery';
import { hasSigned } from './deal-facts';
import type { Side } from './parties';
import type { TransactionStatus } from './transaction-flows';

export const SALE_STAGES = [
  'in progress',
  'waiting for handover',
  'clock running',
  'disputed',
  // Delivery is confirmed; a party's own last step (the seller's self-inspection) is still open.
  'finishing',
  'closed',
  'refunded',
  'cancelled',
] as const;
export type SaleStage = (typeof SALE_STAGES)[number];

export const saleSchema = z.object({
  stage: z.enum(SALE_STAGES),
  /** While the buyer's time to check the car runs: when it ends, and the money held for delivery is released. */
  releasesAt: z.nullable(z.string()),
  /** When the sale closed: the last of delivery confirmed and both parties' steps done. */
  closedAt: z.nullable(z.string()),
});
export type Sale = z.infer<typeof saleSchema>;

export interface SaleFacts {
  cancelled: boolean;
  /** Both parties have signed the sale documents (deal-facts.ts `hasSigned`). */
  bothSigned: boolean;
  /** Set at the handover: when the buyer's time to check the car ends. */
  deliveryDueAt: Date | null;
  deliveryConfirmedAt: Date | null;
  dispute: DisputeStatus | null;
  /** The deal's closing (closing.ts), once it closed. */
  closedAt: Date | null;
}

const STAGE_OF_DELIVERY: Record<DeliveryState, SaleStage> = {
  'waiting for handover': 'waiting for handover',
  'clock running': 'clock running',
  disputed: 'disputed',
  confirmed: 'finishing',
  refunded: 'refunded',
};

/** The sale's stage from the deal's facts. */
export function saleOf(facts: SaleFacts): Sale {
  const releasesAt = (stage: SaleStage) => (stage === 'clock running' && facts.deliveryDueAt ? facts.deliveryDueAt.toISOString() : null);
  const sale = (stage: SaleStage): Sale => ({ stage, releasesAt: releasesAt(stage), closedAt: facts.closedAt?.toISOString() ?? null });
  if (facts.cancelled) return sale('cancelled');
  if (facts.dispute === 'refunded') return sale('refunded');
  if (facts.closedAt) return sale('closed');
  if (!facts.bothSigned) return sale('in progress');
  const delivery = deliveryState({
    handedOverAt: facts.deliveryDueAt ? 'handed over' : null,
    confirmedAt: facts.deliveryConfirmedAt ? 'confirmed' : null,
    dispute: facts.dispute ? { status: facts.dispute } : null,
  });
  return sale(STAGE_OF_DELIVERY[delivery]);
}

/** The sale from the deal's own records: its row, both sides' statuses, its closing and its case (the server's lists and views). */
export function saleFromRecords(
  deal: { cancelledAt: Date | null; deliveryDueAt: Date | null; deliveryConfirmedAt: Date | null },
  statuses: (TransactionStatus | undefined)[],
  closedAt: Date | null,
  dispute: DisputeStatus | null,
): Sale {
  return saleOf({
    cancelled: deal.cancelledAt !== null,
    bothSigned: statuses.length === 2 && statuses.every(hasSigned),
    deliveryDueAt: deal.deliveryDueAt,
    deliveryConfirmedAt: deal.deliveryConfirmedAt,
    dispute,
    closedAt,
  });
}

/** A sale nothing more happens in: it moves to previous transactions. */
export const isFinished = (sale: Pick<Sale, 'stage'>): boolean => ['closed', 'refunded', 'cancelled'].includes(sale.stage);

/**
 * "Tue, Dec 3, 2:05 PM": a deadline as its reader reads it (in their time zone; the server's mail
 * and PDF give one and name it).
 */
export function deadlineText(at: string, timeZone?: string): string {
  const text = new Date(at).toLocaleString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  });
  return timeZone === 'UTC' ? `${text} UTC` : text;
}

/**
 * The sale's status line as `side` reads it — "Signed · waiting for the handover", "Delivered · check
 * the car by Tue, Dec 3, 2:05 PM", "Closed" — or null while the parties are still at their steps
 * (each step's own words say where they stand then).
 */
export function saleWords(sale: Sale, side: Side, timeZone?: string): string | null {
  const until = sale.releasesAt && deadlineText(sale.releasesAt, timeZone);
  switch (sale.stage) {
    case 'in progress':
      return null;
    case 'waiting for handover':
      return 'Signed · waiting for the handover';
    case 'clock running':
      return side === 'buyer' ? `Delivered · check the car by ${until}` : `Delivered · the buyer checks the car until ${until}`;
    case 'disputed':
      return 'Delivered · a problem was raised, Caramel is deciding';
    case 'finishing':
      return 'Delivery confirmed · the last step is left';
    case 'closed':
      return sale.closedAt
        ? `Closed ${new Date(sale.closedAt).toLocaleDateString('en-US', { month: 'short', day: 'numeric', ...(timeZone ? { timeZone } : {}) })}`
        : 'Closed';
    case 'refunded':
      return 'Refunded · the car went back to the seller';
    case 'cancelled':
      return 'Cancelled';
  }
}
