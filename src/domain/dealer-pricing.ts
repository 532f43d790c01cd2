/**
 * The customer's price breakdown for a dealer's sale: the dealer's structure is the deal. The
 * vehicle, each product the dealer added (the dealer's to sell, so paid to the dealer, named as
 * sold), and the delivery when the dealer booked one; the loan is
 * the dealer-lender's, on the amount the structure finances (products included). Sales tax, title
 * and registration are the dealer's to collect under their licence, so they are not lines here.
 * The same figures feed the ledger's settlement plan as any sale's (settlement.ts).
 */
import { DEALER_PRODUCTS, type SaleStructure } from './dealer-contract';
import type { BreakdownLine, PriceBreakdown } from './pricing';

/** The programme's lender as the customer's documents and breakdown name it. */
export const DEALER_LENDER_NAME = 'Caramel Dealer Finance';

export function dealerPriceBreakdown(input: {
  priceDollars: number;
  structure: SaleStructure | null;
  transport: { label: string; cents: number } | null;
}): PriceBreakdown {
  const structure = input.structure;
  const lines: BreakdownLine[] = [{ id: 'vehicle', label: 'Vehicle price', cents: input.priceDollars * 100 }];
  for (const product of structure?.products ?? [])
    lines.push({ id: `dealer ${product}`, label: DEALER_PRODUCTS[product].name, cents: DEALER_PRODUCTS[product].priceCents });
  if (input.transport) lines.push({ id: 'transport', label: input.transport.label, cents: input.transport.cents });
  const totalCents = lines.reduce((sum, line) => sum + line.cents, 0);
  if (!structure?.termMonths || structure.aprBasisPoints === null)
    return { lines, totalCents, financing: null, dueAtSigningCents: totalCents, lienPayoff: null };
  const financed = structure.amountFinancedCents;
  return {
    lines,
    totalCents,
    financing: {
      lender: DEALER_LENDER_NAME,
      amountFinancedCents: financed,
      apr: structure.aprBasisPoints / 100,
      months: structure.termMonths,
      monthlyPaymentCents: structure.monthlyPaymentCents,
      totalInterestCents: structure.monthlyPaymentCents * structure.termMonths - financed,
      downPaymentCents: structure.downPaymentDollars * 100,
    },
    dueAtSigningCents: totalCents - financed,
    lienPayoff: null,
  };
}
