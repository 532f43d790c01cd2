/**
 * The transport and payment actions' server side. Before an action applies (`prepareAction`):
 * a delivery booking takes the vendor's quote from our records (never a price from the browser);
 * a pickup day must be one the seller can be asked for; a bank account must be the caller's own
 * and verified, and the amount authorised must be the amount we work out now; a buyer can say they
 * have the car wherever no vendor carries it, once the sale is paid and signed. With the action, in its database
 * transaction (`actionEffects`): the shipment is booked, and the payment is asked of the bank.
 */
import { eq, sql } from 'drizzle-orm';
import { formatCents, taxAwaitsAddress } from '../../../src/domain/pricing';
import type { PartyEvent } from '../../../src/domain/transaction-transitions';
import { pickupDays, type BookedTransport, type TransportBooking } from '../../../src/domain/transport';
import type { Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { bankAccounts } from '../../db/money-tables';
import { deals } from '../../db/schema';
import { ownAccount } from '../money/bank-accounts';
import { dealMoney } from '../money/deal-money';
import { dealSides } from '../../kernel/deal-sides';
import { requestTransfer, transfersOf } from '../money/transfers';
import type { Providers } from '../../providers/providers';
import { bookedQuote, bookShipment, carLocationOf, handOver } from '../transport/shipments';
import { handoverFacts } from '../handover/handover';
import { whyNoHandover } from '../../../src/domain/delivery';
import { TransactionRefusal, type UserRow } from '../../kernel/access';
import type { TransactionRow, Tx } from '../../kernel/event-log';
import type { UnitOfWork } from '../../kernel/unit-of-work';
import { confirmSigned, recordSigned } from '../signing/envelope-records';
import { customerWaits, DEALER_PREPARING } from '../dealers/dealer-customer';

type Prepare = (
  db: Database,
  providers: Providers,
  row: TransactionRow,
  user: UserRow,
  payload: Record<string, unknown>,
) => Promise<Record<string, unknown>>;

const today = () => new Date().toISOString().slice(0, 10);

/** One of the caller's own linked accounts, its deposits confirmed. */
async function usableAccount(db: Database, user: UserRow, accountId: string) {
  const account = await ownAccount(db, user, accountId).catch(() => {
    throw new TransactionRefusal(422, 'Choose one of your linked bank accounts.');
  });
  if (account.status !== 'verified')
    throw new TransactionRefusal(422, `Confirm the two small deposits to ${account.institution} ••${account.mask} before using it.`);
  return account;
}

const PREPARE: Partial<Record<PartyEvent, Prepare>> = {
  'transport booked': async (db, _providers, row, _user, payload) => {
    const booking = payload as TransportBooking;
    if (booking.kind === 'Delivery') return bookedQuote(db, row, booking.quoteId);
    if (!pickupDays(today()).includes(booking.day))
      throw new TransactionRefusal(422, 'Choose a pickup day in the next two weeks, from tomorrow.');
    return {};
  },
  'price breakdown acknowledge': async (db, providers, row) => {
    if (customerWaits(row, await dealSides(db, row.dealId))) throw new TransactionRefusal(409, DEALER_PREPARING);
    if (row.side === 'buyer' && taxAwaitsAddress((await dealMoney(db, providers, row.dealId)).breakdown))
      throw new TransactionRefusal(422, 'Add the address the car will be registered at first: its sales tax follows that state.');
    return {};
  },
  'bank linked': async (db, providers, row, user, payload) => {
    await usableAccount(db, user, payload.accountId as string);
    const money = await dealMoney(db, providers, row.dealId);
    const due = row.side === 'buyer' ? money.breakdown.dueAtSigningCents : money.payout.bringCents;
    if (payload.authorizedCents !== due)
      throw new TransactionRefusal(
        409,
        `The amount is now ${formatCents(due)}, not ${formatCents(payload.authorizedCents as number)}. Review it and authorise again.`,
      );
    return {};
  },
  // Another account for a payout the bank returned: not one that returned a payout already (it would only come back).
  'payout account changed': async (db, _providers, row, user, payload) => {
    const account = await usableAccount(db, user, payload.accountId as string);
    const returnedTo = (await transfersOf(db, row.dealId)).some(
      (transfer) => transfer.direction === 'pay' && transfer.status === 'returned' && transfer.bankAccountId === account.id,
    );
    if (returnedTo)
      throw new TransactionRefusal(422, `${account.institution} ••${account.mask} returned your payout already: choose another account.`);
    return {};
  },
  'vehicle received': async (db, _providers, row) => {
    const refusal = whyNoHandover('vehicle received', await handoverFacts(db, row.dealId));
    if (refusal) throw new TransactionRefusal(422, refusal);
    return { receivedAt: new Date().toISOString() };
  },
  'documents signed': (db, providers, row, _user, payload) => confirmSigned(db, providers, row, payload.envelopeId as string),
};

export const CANCELLED = 'This sale was cancelled, so nothing more can be done in it.';

const dealCancelled = preparedStatement('deal_cancelled', (db) =>
  db
    .select({ cancelledAt: deals.cancelledAt })
    .from(deals)
    .where(eq(deals.id, sql.placeholder('dealId'))),
);

/** Whether our records must allow `event` before it is recorded (its fields come from them too). */
export const preparesAction = (event: PartyEvent): boolean => event in PREPARE;

/** Checks an action against the deal and our records; the fields to record with it. */
export async function prepareAction(
  db: Database,
  providers: Providers,
  row: TransactionRow,
  user: UserRow,
  event: PartyEvent,
  payload: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const [deal] = await dealCancelled(db, { dealId: row.dealId });
  if (deal?.cancelledAt) throw new TransactionRefusal(422, CANCELLED);
  return (await PREPARE[event]?.(db, providers, row, user, payload)) ?? {};
}

/** What an applied action sets going, in its unit of work. */
export async function actionEffects(
  uow: UnitOfWork,
  row: TransactionRow,
  event: PartyEvent,
  recorded: Record<string, unknown>,
): Promise<void> {
  if (event === 'transport booked') {
    const sides = await uow.dealSides(row.dealId);
    await bookShipment(uow, row, recorded as BookedTransport, await carLocationOf(uow.tx, row.dealId, sides.seller));
  }
  if (event === 'vehicle received') await handOver(uow, row.dealId, 'Collected by the buyer');
  // The seller's inspection, once finished, is the buyer's to read (shared-inspection.ts): their open screens follow.
  if ((event === 'inspection done' || event === 'inspection skipped') && row.side === 'seller')
    uow.touch(row.dealId, 'documents updated', ['buyer']);
  if (event === 'documents signed') {
    await recordSigned(uow, row, recorded.envelopeId as string, recorded as { signedAt: string; signedFrom: string | null });
    const customer = row.flow === 'dealer-financing' ? (await uow.dealSides(row.dealId)).buyer : null;
    if (customer) uow.emit('dealer.signed', { dealId: row.dealId, customerTransactionId: customer.row.id });
  }
  if (event === 'bank linked') {
    const cents = recorded.authorizedCents as number;
    if (cents === 0) return;
    const account = await processorAccount(uow.tx, recorded.accountId as string);
    const attempt = (await transfersOf(uow.tx, row.dealId)).filter(
      (transfer) => transfer.transactionId === row.id && transfer.direction === 'collect',
    ).length;
    await requestTransfer(uow, {
      dealId: row.dealId,
      transactionId: row.id,
      direction: 'collect',
      purpose: row.side === 'buyer' ? 'buyer payment' : 'seller difference',
      account: row.side,
      cents,
      key: `${row.side} payment:${attempt + 1}`,
      bankAccount: account,
    });
  }
}

async function processorAccount(tx: Tx, accountId: string) {
  const [account] = await tx.select().from(bankAccounts).where(eq(bankAccounts.id, accountId));
  return { id: account!.id, processorToken: account!.processorToken };
}
