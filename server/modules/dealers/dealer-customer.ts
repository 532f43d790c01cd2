/**
 * The dealer's customer (issue 22, SPEC §4.2 payment-first): their part opens once the dealer has
 * signed, so the price breakdown they accept holds the dealer's final structure and transport.
 * Until then they read who is selling and that the dealer is preparing the sale; when the dealer
 * signs, they get a mail to continue.
 */
import { transactionEntry } from '../../../src/domain/step-progress';
import type { TransactionDetail } from '../../../src/domain/transaction-contract';
import type { Database } from '../../db/client';
import type { DealSides } from '../money/deal-money';
import { hasSigned } from '../money/settle';
import { notify, sideRecipients } from '../../kernel/notify';
import type { TransactionRow } from '../../kernel/access';
import type { Tx } from '../../kernel/event-log';
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

/** The dealer has signed: the customer is mailed to review, pay and sign. */
export async function tellCustomerReady(tx: Tx, dealer: TransactionRow, sides: DealSides): Promise<void> {
  const customer = sides.buyer?.row;
  const dealership = await dealerOfDeal(tx, dealer.dealId);
  if (!customer || !dealership) return;
  for (const recipient of await sideRecipients(tx, dealer.dealId, 'buyer'))
    await notify(tx, recipient, {
      kind: 'documents to sign',
      key: `dealer-signed:${dealer.dealId}`,
      subject: `${dealership.dealershipName}: your purchase is ready for you`,
      body:
        `Hello ${dealership.customerName}, ${dealership.dealershipName} has signed your sale. ` +
        'Review the price breakdown with your loan terms, pay what is due at signing, check your ID and sign.' +
        (recipient.userId ? '' : ' Sign in, or sign up with this e-mail address, and the purchase is added to your account.'),
      // Someone without an account yet signs up first; /link-offer then adds what was made for their e-mail.
      link: recipient.userId ? transactionEntry(customer.id) : '/link-offer',
      linkBeforeSignUp: true,
    });
}
