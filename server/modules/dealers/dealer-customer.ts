/**
 * The dealer's customer (issue 22, SPEC §4.2 payment-first): their part opens once the dealer has
 * signed, so the price breakdown they accept holds the dealer's final structure and transport.
 * Until then they read who is selling and that the dealer is preparing the sale; when the dealer
 * signs, they are told to continue (server/effects/notices/dealer-notices.ts).
 */
import { hasSigned } from '../../../src/domain/deal-facts';
import type { TransactionDetail } from '../../../src/domain/transaction-contract';
import type { Database } from '../../db/client';
import type { DealSides } from '../../kernel/deal-sides';
import type { TransactionRow, Tx } from '../../kernel/event-log';
import { dealerOfDeal } from './dealerships';

export const DEALER_PREPARING = 'Your dealer is still preparing the sale. We will e-mail you as soon as it is ready for you.';

/** The dealership selling in a dealer's sale, and whether it has signed; null for any other deal. */
export async function dealerSelling(db: Database | Tx, sides: DealSides): Promise<TransactionDetail['dealer']> {
  const dealer = sides.seller;
  if (dealer?.row.flow !== 'dealer-financing') return null;
  const dealership = await dealerOfDeal(db, dealer.row.dealId);
  return dealership && { name: dealership.dealershipName, signed: hasSigned(dealer.row.status) };
}

/** Whether a dealer's customer (`customer`) still waits for the dealer (`dealer`) to sign: their part opens then. */
export const customerHeld = (
  customer: Pick<TransactionRow, 'flow'> | undefined,
  dealer: Pick<TransactionRow, 'flow' | 'status'> | undefined,
) => customer?.flow === 'payment-first' && dealer?.flow === 'dealer-financing' && !hasSigned(dealer.status);

/** Whether `row` is a dealer's customer whose part has not opened yet. */
export const customerWaits = (row: TransactionRow, sides: DealSides) => customerHeld(row, sides.seller?.row);
