/**
 * Each party's own money timeline (paid, held, released, refunded), read from the deal's ledger
 * and the transfers behind it, in that party's words; what the plan still has to move is listed
 * as scheduled, with what it waits for. Both sides see the deal's totals.
 */
import * as z from 'zod/mini';
import { DISPUTE_REFUND, moneyTotals, type JournalLine } from './ledger-rules';
import type { ReleaseId, ReleaseTrigger, SettlementPlan } from './settlement';

export const MONEY_STATES = ['scheduled', 'pending', 'settled', 'returned', 'released'] as const;

export const moneyTimelineSchema = z.object({
  totals: z.object({ collected: z.number(), held: z.number(), released: z.number(), refunded: z.number() }),
  items: z.array(
    z.object({
      id: z.string(),
      at: z.nullable(z.string()),
      label: z.string(),
      cents: z.number(),
      state: z.enum(MONEY_STATES),
      note: z.nullable(z.string()),
    }),
  ),
});
export type MoneyTimeline = z.infer<typeof moneyTimelineSchema>;
export type MoneyItem = MoneyTimeline['items'][number];

export interface TransferFacts {
  id: string;
  purpose: string;
  cents: number;
  status: 'pending' | 'settled' | 'returned';
  returnReason: string | null;
  at: string;
  /** Where the money came from or went: "First Platypus Bank ••6789", a lender's name. */
  party: string | null;
}

export interface JournalFacts {
  key: string;
  reason: string;
  transferId: string | null;
  at: string;
  lines: JournalLine[];
}

const WAITS: Record<ReleaseTrigger, string> = {
  funded: 'once the payment has cleared and both of you have signed',
  'title received': 'when the signed title reaches our title desk',
  delivered: 'once delivery is confirmed, or when the time to raise a problem after the handover ends',
};

const RELEASE_LABELS: Record<ReleaseId, { buyer: string; seller: string | null }> = {
  'lien payoff': { buyer: 'Paid to the seller’s lender', seller: 'Loan payoff to your lender' },
  'seller payout 1': { buyer: 'Paid to the seller (title received)', seller: 'Your first payout (title received)' },
  'seller payout 2': { buyer: 'Paid to the seller (on delivery)', seller: 'Your second payout (on delivery)' },
  transport: { buyer: 'Transport', seller: null },
  'taxes and title fees': { buyer: 'Taxes and title fees, to the state', seller: null },
  'care plan': { buyer: 'Caramel Care plan', seller: null },
  'dealer warranty': { buyer: 'Vehicle service contract, to the dealer', seller: 'Vehicle service contract you sold' },
  'dealer gap': { buyer: 'GAP protection, to the dealer', seller: 'GAP protection you sold' },
  fees: { buyer: 'Caramel fees', seller: 'Caramel seller fee' },
};

const COLLECTION_LABELS: Record<string, { side: 'buyer' | 'seller'; label: string }> = {
  'buyer payment': { side: 'buyer', label: 'You paid' },
  'loan funding': { side: 'buyer', label: 'Your loan, from your lender' },
  'seller difference': { side: 'seller', label: 'You brought, to clear the loan' },
  'seller recovery': { side: 'seller', label: 'Taken back after the cancellation' },
};

/**
 * `sellerFeeCents` is the seller's own part of Caramel's fees (seller-pricing.ts): the fees are
 * released to us together, but each party reads only the money that is theirs — a seller who
 * owes no fee has no fee line.
 */
export function moneyTimeline(
  side: 'buyer' | 'seller',
  plan: SettlementPlan,
  journals: JournalFacts[],
  transfers: TransferFacts[],
  sellerFeeCents: number,
): MoneyTimeline {
  const ownCents = (release: string, cents: number) => (release === 'fees' && side === 'seller' ? sellerFeeCents : cents);
  const items: MoneyItem[] = [];
  for (const transfer of transfers) {
    const collection = COLLECTION_LABELS[transfer.purpose];
    if (!collection || collection.side !== side) continue;
    items.push({
      id: transfer.id,
      at: transfer.at,
      label: transfer.party ? `${collection.label}, ${transfer.party}` : collection.label,
      cents: transfer.cents,
      state: transfer.status,
      note: transfer.returnReason && `Returned by the bank: ${transfer.returnReason}`,
    });
  }
  const transferOf = (journal: JournalFacts) => transfers.find((transfer) => transfer.id === journal.transferId);
  for (const journal of journals) {
    const release = RELEASE_LABELS[journal.reason as ReleaseId];
    const cents = ownCents(journal.reason, journal.lines.find((line) => line.cents > 0)?.cents ?? 0);
    const label = release ? release[side] : refundLabel(side, journal);
    if (!label || cents === 0) continue;
    const transfer = transferOf(journal);
    items.push({
      id: journal.key,
      at: journal.at,
      label,
      cents,
      state: transfer ? transfer.status : 'released',
      note: transfer?.returnReason ?? null,
    });
  }
  const released = new Set(journals.map((journal) => journal.reason));
  for (const release of plan.releases) {
    const label = RELEASE_LABELS[release.id][side];
    const cents = ownCents(release.id, release.cents);
    // Everything still to move of the party's money is listed, so what they paid and what it is for add up on every day of the sale.
    if (released.has(release.id) || !label || cents === 0) continue;
    items.push({
      id: `scheduled:${release.id}`,
      at: null,
      label,
      cents,
      state: 'scheduled',
      note: `Paid ${WAITS[release.when]}`,
    });
  }
  return { totals: moneyTotals(journals), items };
}

function refundLabel(side: 'buyer' | 'seller', journal: JournalFacts): string | null {
  const to = journal.lines.find((line) => line.cents > 0)?.account;
  if (journal.reason === 'refund' && to === 'buyer' && side === 'buyer') return 'Refunded to you';
  if (journal.reason === 'refund' && to === 'buyer lender' && side === 'buyer') return 'Returned to your lender';
  if (journal.reason === 'refund' && to === 'seller' && side === 'seller') return 'Refunded to you';
  if (journal.reason === 'seller cancellation fee' && side === 'seller') return 'Cancellation fee';
  if (journal.reason === DISPUTE_REFUND)
    return side === 'buyer' ? 'Refunded to you after the dispute' : 'Refunded to the buyer after the dispute';
  return null;
}
