/**
 * Where a sale's money comes from and when it goes where (DESIGN.md §10), from the same price
 * breakdown and payout both parties read, so the ledger and what each side was shown agree to the
 * cent. Money in: the buyer's amount due at signing, the buyer's loan (from their lender), and what
 * a seller with negative equity brings. It is held, then released by rule:
 * - once the deal is funded (everything in has settled and both sides have signed): the lien
 *   payoff, to the lender, first;
 * - when the title reaches the title desk: the first half of the seller's payout;
 * - once delivery is confirmed (delivery.ts: the buyer confirms, or the clock after the handover
 *   runs out with no problem raised, or an admin decides a dispute): the rest of the payout, the
 *   transport vendor, the state's taxes and title fees, the care plan, a dealer's products (to the
 *   dealer) and Caramel's fees. A dispute's partial refund comes out of the rest of the payout.
 */
import { DEALER_PRODUCT_NAMES, type DealerProduct } from './dealer-contract';
import type { PriceBreakdown } from './pricing';
import type { SellerPayout } from './seller-pricing';

/**
 * Ledger accounts of one deal: who money comes from (a source's balance is minus what it put in,
 * back towards zero as it is refunded), where it is held, and where it goes.
 */
export const LEDGER_ACCOUNTS = [
  'buyer',
  'buyer lender',
  'seller',
  'held',
  'lienholder',
  'seller payout',
  'title office',
  'transport vendor',
  'caramel care',
  'revenue',
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/** The accounts money is collected from (each may be refunded what it put in). */
export const SOURCES = ['buyer', 'buyer lender', 'seller'] as const satisfies readonly LedgerAccount[];
export type Source = (typeof SOURCES)[number];

export const RELEASE_TRIGGERS = ['funded', 'title received', 'delivered'] as const;
export type ReleaseTrigger = (typeof RELEASE_TRIGGERS)[number];

export type ReleaseId =
  | 'lien payoff'
  | 'seller payout 1'
  | 'seller payout 2'
  | 'transport'
  | 'taxes and title fees'
  | 'care plan'
  | `dealer ${DealerProduct}`
  | 'fees';

export interface Collection {
  from: Source;
  cents: number;
}

export interface Release {
  id: ReleaseId;
  to: LedgerAccount;
  cents: number;
  when: ReleaseTrigger;
}

export interface SettlementPlan {
  collections: Collection[];
  releases: Release[];
}

const lineCents = (breakdown: PriceBreakdown, ...ids: PriceBreakdown['lines'][number]['id'][]) =>
  breakdown.lines.filter((line) => ids.includes(line.id)).reduce((sum, line) => sum + line.cents, 0);

/** The plan for a deal; lines of zero are left out. */
export function settlementPlan(breakdown: PriceBreakdown, payout: SellerPayout): SettlementPlan {
  const loanCents = breakdown.financing?.amountFinancedCents ?? 0;
  const collections: Collection[] = [
    { from: 'buyer', cents: breakdown.dueAtSigningCents },
    { from: 'buyer lender', cents: loanCents },
    { from: 'seller', cents: payout.bringCents },
  ];
  const firstHalf = Math.floor(payout.payoutCents / 2);
  const releases: Release[] = [
    { id: 'lien payoff', to: 'lienholder', cents: payout.payoffCents, when: 'funded' },
    { id: 'seller payout 1', to: 'seller payout', cents: firstHalf, when: 'title received' },
    { id: 'seller payout 2', to: 'seller payout', cents: payout.payoutCents - firstHalf, when: 'delivered' },
    { id: 'transport', to: 'transport vendor', cents: lineCents(breakdown, 'transport'), when: 'delivered' },
    {
      id: 'taxes and title fees',
      to: 'title office',
      cents: lineCents(breakdown, 'sales tax', 'title and registration'),
      when: 'delivered',
    },
    { id: 'care plan', to: 'caramel care', cents: lineCents(breakdown, 'protection'), when: 'delivered' },
    // A dealer's products are the dealer's: paid to them with the price, each as sold.
    ...DEALER_PRODUCT_NAMES.map((product): Release => ({
      id: `dealer ${product}`,
      to: 'seller payout',
      cents: lineCents(breakdown, `dealer ${product}`),
      when: 'delivered',
    })),
    { id: 'fees', to: 'revenue', cents: lineCents(breakdown, 'platform fee') + payout.feeCents, when: 'delivered' },
  ];
  return { collections: collections.filter((item) => item.cents > 0), releases: releases.filter((item) => item.cents > 0) };
}

export const collectedCents = (plan: SettlementPlan) => plan.collections.reduce((sum, item) => sum + item.cents, 0);
export const releasedCents = (plan: SettlementPlan) => plan.releases.reduce((sum, item) => sum + item.cents, 0);

/** A seller who cancels after the buyer has signed pays this (SPEC: the cancellation rule). */
export const SELLER_CANCELLATION_FEE_CENTS = 25_000;

export type Balances = Partial<Record<LedgerAccount, number>>;

export interface Move {
  from: LedgerAccount;
  to: LedgerAccount;
  cents: number;
  reason: string;
}

/**
 * What a cancellation moves, from the deal's balances as the ledger sums them. Every source is
 * refunded what it put in, except the seller: what was paid for their benefit (the lien payoff,
 * a payout) and the fee, when one is due, count against what they put in. When that leaves the
 * seller owing, it is collected from them first (`owedBySeller`); the moves follow once it is in.
 * It only ever moves what is not settled yet, so running it again after money arrives late (a
 * payment that settles after the cancellation) refunds just that.
 */
export function cancellationPlan(balances: Balances, feeCents: number): { owedBySeller: number; moves: Move[] } {
  const put = (source: Source) => Math.max(0, -(balances[source] ?? 0));
  const paidForSeller = (balances['seller payout'] ?? 0) + (balances.lienholder ?? 0);
  const sellerOwes = paidForSeller + feeCents - put('seller');
  const moves: Move[] = [];
  for (const source of ['buyer', 'buyer lender'] as const)
    if (put(source) > 0) moves.push({ from: 'held', to: source, cents: put(source), reason: 'refund' });
  const feeLeft = feeCents - (balances.revenue ?? 0);
  if (feeLeft > 0) moves.push({ from: 'held', to: 'revenue', cents: feeLeft, reason: 'seller cancellation fee' });
  if (sellerOwes < 0) moves.push({ from: 'held', to: 'seller', cents: -sellerOwes, reason: 'refund' });
  return { owedBySeller: Math.max(0, sellerOwes), moves };
}
