/**
 * What a party reads about their transactions: the list (active and previous) and one
 * transaction in full — status, where it sends them, steps, parties, vehicle, the price breakdown
 * or payout, the shipment, their own money, the step data and the timeline. Contact details of
 * other parties are never included, nor the other side's bank account or delivery address.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { SIDE_ROLES } from '../../src/domain/parties';
import { moneyTimeline } from '../../src/domain/money-timeline';
import { nextStep } from '../../src/domain/next-step';
import { destinationOf, stepStates } from '../../src/domain/step-progress';
import type { StepData, TransactionDetail, TransactionList, TransactionSummary } from '../../src/domain/transaction-contract';
import { nextStatus, partyEventsFrom } from '../../src/domain/transaction-transitions';
import { whyNoHandover } from '../../src/domain/delivery';
import { isFinished, saleFromRecords, type Sale } from '../../src/domain/sale-state';
import { disputes } from '../db/dispute-tables';
import { cannotConfirm, cannotRaise } from '../modules/delivery/delivery';
import { cannotAgree, cannotPropose, partiesArrange } from '../modules/transport/handover-plans';
import type { Database } from '../db/client';
import { preparedStatement } from '../db/prepared';
import { bankAccounts } from '../db/money-tables';
import { dealParties, transactions } from '../db/schema';
import { dealClosings } from '../db/signing-tables';
import { dealRecord, recordFromJson, transactionRecordFor } from './deal-record';
import { termsOf } from '../modules/deals/cancellation';
import { sharedInspection } from '../modules/deals/shared-inspection';
import { accountView } from '../modules/money/bank-accounts';
import { dealMoney } from '../modules/money/deal-money';
import { dealAndVehicle, dealsAndVehicles, eventsAsOf, stepDataOfRows, type KnownAfterCommand } from '../kernel/deal-sides';
import type { TransferRow } from '../modules/money/transfers';
import type { Providers } from '../providers/providers';
import { customerWaits, dealerSelling } from '../modules/dealers/dealer-customer';
import { arrangementOf, carLocationOf, liveAmong, shipmentView } from '../modules/transport/shipments';
import type { UserRow } from '../kernel/access';
import type { TransactionRow } from '../kernel/event-log';

type Deal = Awaited<ReturnType<typeof dealAndVehicle>>;

/** How many of the party's own newest applied actions a detail names: more than an outbox ever holds for one transaction. */
const APPLIED_KEYS_SHOWN = 50;

function summaryOf(row: TransactionRow, { deal, vehicle }: Deal, data: StepData, sale: Sale): TransactionSummary {
  return {
    id: row.id,
    dealId: row.dealId,
    negotiationId: deal.negotiationId,
    side: row.side,
    flow: row.flow,
    status: row.status,
    version: row.version,
    destination: destinationOf(row.flow, row.status, data) ?? null,
    steps: stepStates(row.flow, row.status),
    vehicle,
    price: deal.priceDollars,
    updatedAt: row.updatedAt.toISOString(),
    sale,
    cancelledAt: deal.cancelledAt?.toISOString() ?? null,
  };
}

const transactionsOfUser = preparedStatement('transactions_of_user', (db) =>
  db
    .select({ transaction: transactions, role: dealParties.role })
    .from(transactions)
    .innerJoin(dealParties, and(eq(dealParties.dealId, transactions.dealId), eq(dealParties.userId, sql.placeholder('userId'))))
    .orderBy(desc(transactions.updatedAt)),
);

/** GET /transactions: the caller's own side of each deal, split into active and previous (finished or cancelled). */
export async function transactionsOf(db: Database, user: UserRow): Promise<TransactionList> {
  // Four queries whatever the list's length, not three per transaction: the transactions of the
  // user's deals with the user's roles in them (each with its step data), then side by side the deals
  // with their vehicles, which of the deals closed and their disputes.
  const joined = await transactionsOfUser(db, { userId: user.id });
  const own = [
    ...new Map(
      joined
        .filter(({ transaction, role }) => SIDE_ROLES[transaction.side].includes(role))
        .map(({ transaction }) => [transaction.id, transaction]),
    ).values(),
  ];
  if (!own.length) return { active: [], previous: [] };
  const dealIds = [...new Set(own.map((row) => row.dealId))];
  const [dealsById, data, closings, cases] = await Promise.all([
    dealsAndVehicles(db, dealIds),
    stepDataOfRows(db, own),
    db.select().from(dealClosings).where(inArray(dealClosings.dealId, dealIds)),
    db.select({ dealId: disputes.dealId, status: disputes.status }).from(disputes).where(inArray(disputes.dealId, dealIds)),
  ]);
  // Both sides' statuses of each deal (the join has the other side's row too), for whether both have signed.
  const statuses = (dealId: string) =>
    [
      ...new Map(
        joined.filter(({ transaction }) => transaction.dealId === dealId).map(({ transaction }) => [transaction.id, transaction]),
      ).values(),
    ].map((transaction) => transaction.status);
  const summaries = own.map((row) =>
    summaryOf(
      row,
      dealsById.get(row.dealId)!,
      data.get(row.id)!,
      saleFromRecords(
        dealsById.get(row.dealId)!.deal,
        statuses(row.dealId),
        closings.find((closing) => closing.dealId === row.dealId)?.closedAt ?? null,
        cases.find((found) => found.dealId === row.dealId)?.status ?? null,
      ),
    ),
  );
  // A sale is previous once it is closed (delivered and confirmed), refunded or cancelled; until then the party has something to follow.
  return {
    active: summaries.filter((summary) => !isFinished(summary.sale)),
    previous: summaries.filter((summary) => isFinished(summary.sale)),
  };
}

/** Who a transfer was with, in the words its party reads (a linked account by bank and mask, a lender by name). */
async function transferParties(db: Database, rows: TransferRow[], user: UserRow) {
  const ids = rows.flatMap((row) => (row.bankAccountId ? [row.bankAccountId] : []));
  const accounts = ids.length ? await db.select().from(bankAccounts).where(inArray(bankAccounts.id, ids)) : [];
  return rows.map((row) => {
    const account = accounts.find((candidate) => candidate.id === row.bankAccountId);
    // Only the account's owner reads its mask.
    const party = account ? (account.userId === user.id ? `${account.institution} ••${account.mask}` : null) : row.counterparty;
    return {
      id: row.id,
      purpose: row.purpose,
      cents: row.amountCents,
      status: row.status,
      returnReason: row.returnReason,
      at: row.createdAt.toISOString(),
      party,
    };
  });
}

/** What the bank returned of the seller's payout from `accountId` (the one on file): held until they choose another. */
function payoutReturnedTo(rows: TransferRow[], accountId: string | null) {
  const returned = rows.filter((row) => row.purpose === 'seller payout' && row.status === 'returned' && row.bankAccountId === accountId);
  if (!accountId || !returned.length) return null;
  return { cents: returned.reduce((sum, row) => sum + row.amountCents, 0), reason: returned[0]!.returnReason ?? 'Returned by the bank' };
}

/** GET /transactions/{id}: everything the step screens render, also offline from IndexedDB. */
export async function transactionDetail(
  db: Database,
  providers: Providers,
  id: string,
  user: UserRow,
  known?: KnownAfterCommand,
): Promise<TransactionDetail> {
  // Access and what the screens need in one statement, one snapshot of the deal, its sides and money (deal-record.ts);
  // after a command, the record its last statement read.
  const {
    row: asked,
    role,
    record,
  } = known
    ? { ...known, record: known.record ? await recordFromJson(db, known.record) : await dealRecord(db, known.row.dealId, known.row.id) }
    : await transactionRecordFor(db, id, user);
  const { deal, sides, events: ownEvents, parties, transfers, shipments, journals, closing, dispute } = record;
  // The side as the record has it: the row read for the access check may be a version behind it.
  const row = sides[asked.side]!.row;
  const live = liveAmong(shipments);
  const { data } = sides[row.side]!;
  const events = eventsAsOf(row, ownEvents);
  const [money, [account], transferRows, shipment] = await Promise.all([
    dealMoney(db, providers, row.dealId, { sides, deal }),
    data.payment.accountId ? db.select().from(bankAccounts).where(eq(bankAccounts.id, data.payment.accountId)) : [],
    transferParties(db, transfers, user),
    shipmentView(db, shipments[0], row.side === 'buyer' || row.flow === 'dealer-financing'),
  ]);
  const plans = row.side === 'buyer' ? providers.carePlans.plansFor(deal.vehicle) : [];
  const dealer = await dealerSelling(db, sides);
  const waits = customerWaits(row, sides);
  const cancelled = deal.deal.cancelledAt;
  const location = await carLocationOf(db, row.dealId, sides.seller);
  const other = sides[row.side === 'buyer' ? 'seller' : 'buyer']?.row;
  const sale = saleFromRecords(
    deal.deal,
    [sides.buyer?.row.status, sides.seller?.row.status],
    closing?.closedAt ?? null,
    dispute?.status ?? null,
  );
  const arranged = partiesArrange(sides);
  const liveView = live === shipments[0] ? shipment : await shipmentView(db, live, row.side === 'buyer' || row.flow === 'dealer-financing');
  const isParty = role !== null;
  const handoverRule = whyNoHandover('vehicle received', {
    buyerTakesReceipt: row.side === 'buyer' && nextStatus(row.flow, row.status, 'vehicle received') !== undefined,
    bothSigned: sale.stage !== 'in progress',
    paid: transfers.some((transfer) => transfer.purpose === 'buyer payment' && transfer.status === 'settled'),
    arrangement: arrangementOf(live),
  });
  return {
    ...summaryOf(row, deal, data, sale),
    myRole: role,
    allowedEvents: cancelled
      ? []
      : partyEventsFrom(row.flow, row.status).filter((event) => !waits || event !== 'price breakdown acknowledge'),
    dealer,
    next: nextStep({
      transactionId: row.id,
      side: row.side,
      flow: row.flow,
      status: row.status,
      data,
      cancelled: cancelled !== null,
      other: other ? { side: other.side, flow: other.flow, status: other.status } : null,
      dealer: dealer ?? null,
      handover: { sale, shipment: liveView, arrangement: arrangementOf(live), partiesArrange: arranged },
    }),
    delivery: {
      handedOverAt: live?.handedOverAt?.toISOString() ?? null,
      confirmedAt: deal.deal.deliveryConfirmedAt?.toISOString() ?? null,
      confirmedBy: deal.deal.deliveryConfirmedBy ?? null,
      canConfirm: isParty && row.side === 'buyer' && cannotConfirm(deal.deal, live?.handedOverAt, dispute) === null,
      canRaiseProblem: isParty && row.side === 'buyer' && cannotRaise(deal.deal, live?.handedOverAt, dispute) === null,
      dispute: dispute
        ? {
            status: dispute.status,
            reason: dispute.reason,
            decision: dispute.decision ? { decision: dispute.decision, refundCents: dispute.refundCents } : null,
          }
        : null,
    },
    handover: {
      partiesArrange: arranged,
      canPropose: isParty && cannotPropose(deal.deal, sides, live) === null,
      canAgree: isParty && cannotAgree(deal.deal, live, row.side) === null,
      canSayReceived: isParty && row.side === 'buyer' && !live?.handedOverAt && !cancelled && handoverRule === null,
    },
    appliedKeys: events
      .filter((event) => event.actorUserId === user.id && event.idempotencyKey)
      .slice(-APPLIED_KEYS_SHOWN)
      .map((event) => event.idempotencyKey!),
    sellerInspection: row.side === 'buyer' ? sharedInspection(sides) : null,
    payoutReturned: row.side === 'seller' ? payoutReturnedTo(transfers, data.payment.accountId) : null,
    parties: parties.map((party) => ({ role: party.role, firstName: party.firstName ?? null, you: party.userId === user.id })),
    data,
    carePlans: plans,
    insuranceHandOffUrl: data.insurance.selectedQuoteId ? providers.carriers.handOffUrl(data.insurance.selectedQuoteId, row.id) : null,
    // A dealer sees what their customer pays: the structure they made and the transport they booked.
    priceBreakdown: row.side === 'buyer' || row.flow === 'dealer-financing' ? money.breakdown : null,
    payout: row.side === 'seller' ? money.payout : null,
    carLocation: location && { city: location.city, state: location.state, postalCode: location.postalCode },
    shipment,
    money: moneyTimeline(row.side, money.plan, journals, transferRows, money.payout.feeCents),
    bankAccount: account && account.userId === user.id ? accountView(account) : null,
    cancellation: cancelled
      ? {
          at: cancelled.toISOString(),
          by: deal.deal.cancelledBy === row.side ? 'you' : 'other party',
          reason: deal.deal.cancellationReason,
          feeCents: deal.deal.cancelledBy === row.side ? deal.deal.cancellationFeeCents : 0,
        }
      : null,
    canCancel: termsOf(row.side, deal.deal, live, sides.buyer?.row.status),
    vehicleReports: providers.vehicleReports.reports(deal.vehicle),
    timeline: events.map((event) => ({
      version: event.version,
      event: event.event,
      by: event.actor === 'provider' ? 'provider' : event.actorUserId === user.id ? 'you' : 'other party',
      from: event.fromStatus,
      to: event.toStatus,
      at: event.at.toISOString(),
    })),
  };
}
