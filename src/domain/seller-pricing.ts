/**
 * What the seller is paid (DESIGN.md §10: the same domain function on both sides): the sale
 * price, less the lien payoff the product pays first to the lender, less the seller's service
 * fee. The fee is $0 for an ordinary sale and $95 when there is a lien to clear, when the title is
 * not in the seller's name, or when the price is under $1,000 (a sale of exactly $1,000 is free).
 * A payoff larger than the price is negative equity: the seller brings the difference.
 */
import { formatCents } from './pricing';

export const SELLER_FEE_CENTS = 9_500;
/** At or above this price, a plain sale carries no seller fee. */
export const FEE_FREE_FROM_DOLLARS = 1_000;

export interface PayoutInput {
  priceDollars: number;
  lien: { lender: string; payoffCents: number } | null;
  titleInSellerName: boolean | null;
}

export interface SellerPayout {
  lines: { id: 'vehicle' | 'lien payoff' | 'seller fee'; label: string; cents: number; note?: string }[];
  payoffCents: number;
  feeCents: number;
  /** What reaches the seller's bank account; 0 when the payoff takes it all. */
  payoutCents: number;
  /** What the seller must bring to close when the payoff and fee are more than the price. */
  bringCents: number;
  feeReasons: string[];
}

export function sellerFeeReasons(input: PayoutInput): string[] {
  return [
    ...(input.lien ? ['there is a loan on the car to pay off'] : []),
    ...(input.titleInSellerName === false ? ['the title is not in your name'] : []),
    ...(input.priceDollars < FEE_FREE_FROM_DOLLARS ? [`the price is under ${formatCents(FEE_FREE_FROM_DOLLARS * 100)}`] : []),
  ];
}

export function sellerPayout(input: PayoutInput): SellerPayout {
  const priceCents = input.priceDollars * 100;
  const payoffCents = input.lien?.payoffCents ?? 0;
  const feeReasons = sellerFeeReasons(input);
  const feeCents = feeReasons.length ? SELLER_FEE_CENTS : 0;
  const left = priceCents - payoffCents - feeCents;
  const lines: SellerPayout['lines'] = [{ id: 'vehicle', label: 'Sale price', cents: priceCents }];
  if (input.lien)
    lines.push({
      id: 'lien payoff',
      label: `Loan payoff to ${input.lien.lender}`,
      cents: -payoffCents,
      note: 'Paid first, from the buyer’s funds, to release the lien',
    });
  lines.push({
    id: 'seller fee',
    label: 'Caramel seller fee',
    cents: -feeCents,
    note: feeCents ? `Because ${feeReasons.join(', and ')}` : `No fee for a sale of ${formatCents(FEE_FREE_FROM_DOLLARS * 100)} or more`,
  });
  return { lines, payoffCents, feeCents, payoutCents: Math.max(0, left), bringCents: Math.max(0, -left), feeReasons };
}
