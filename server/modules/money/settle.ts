/**
 * Moves a deal's money by its rules (DESIGN.md §10), in the caller's unit of work with the deal's
 * row locked, so no two processes move one deal's money at once: asks for the buyer's loan
 * once both sides have signed; posts what `duePostings` says is due (each under its unique key)
 * and sends what leaves us to its payee; collects what a cancelling seller owes; and, once the
 * sale is funded, asks the title desk for the title and the vendor to dispatch the car. Run after
 * anything that can change what is due: an action, a provider's answer, a transfer's end.
 */
import { eq } from 'drizzle-orm';
import { hasSigned } from '../../../src/domain/deal-facts';
import {
  asCollected,
  DISPUTE_REFUND,
  duePostings,
  isCollected,
  balancesOf,
  mayMoveMoney,
  type DealFacts,
} from '../../../src/domain/ledger-rules';
import type { LedgerAccount, ReleaseId } from '../../../src/domain/settlement';
import { bankAccounts } from '../../db/money-tables';
import type { Providers } from '../../providers/providers';
import type { DealSides } from '../../kernel/deal-sides';
import type { Tx } from '../../kernel/event-log';
import { hasRequest } from '../../kernel/provider-requests';
import type { UnitOfWork } from '../../kernel/unit-of-work';
import { dealerOfDeal } from '../dealers/dealerships';
import { disputeOfDeal } from '../delivery/dispute-rows';
import { liveShipment } from '../transport/shipments';
import { dealMoney } from './deal-money';
import { journalsOf, post, type Journal } from './ledger';
import { requestTransfer, transfersOf, type TransferAsk, type TransferRow } from './transfers';

async function processorAccount(tx: Tx, accountId: string | null | undefined) {
  if (!accountId) return undefined;
  const [row] = await tx.select().from(bankAccounts).where(eq(bankAccounts.id, accountId));
  return row && { id: row.id, processorToken: row.processorToken };
}

/**
 * Where money paid to `account` goes: a linked account of the party, or a payee by name; undefined
 * when there is none yet. An account that returned a payment we sent it is none: sent again it
 * would only come back again (a closed account returns every transfer), so the money stays held
 * until the party chooses another account.
 */
async function payee(tx: Tx, sides: DealSides, account: LedgerAccount, transfers: TransferRow[]) {
  const destination = await payeeAccount(tx, sides, account, transfers);
  const refused = (id: string) => transfers.some((row) => row.direction === 'pay' && row.status === 'returned' && row.bankAccountId === id);
  return destination?.bankAccount && refused(destination.bankAccount.id) ? undefined : destination;
}

async function payeeAccount(tx: Tx, sides: DealSides, account: LedgerAccount, transfers: TransferRow[]) {
  const lien = sides.seller?.data.title.lien;
  if (account === 'lienholder') return lien ? { counterparty: `${lien.lienholderName}, loan ••${lien.accountLast4}` } : undefined;
  if (account === 'buyer lender')
    return { counterparty: transfers.find((row) => row.purpose === 'loan funding')?.counterparty ?? 'Buyer’s lender' };
  if (account === 'seller' || account === 'seller payout') {
    const bankAccount = await processorAccount(tx, sides.seller?.data.payment.accountId);
    if (bankAccount || sides.seller?.row.flow !== 'dealer-financing') return bankAccount && { bankAccount };
    // A dealer has no payment step: they are paid into the account they gave the dealer programme.
    const dealer = await dealerOfDeal(tx, sides.seller.row.dealId);
    return { counterparty: `${dealer?.dealershipName ?? 'The dealership'}, account on file` };
  }
  if (account === 'buyer') {
    const paidFrom = [...transfers].reverse().find((row) => row.purpose === 'buyer payment' && row.status === 'settled');
    const bankAccount = await processorAccount(tx, paidFrom?.bankAccountId ?? sides.buyer?.data.payment.accountId);
    return bankAccount && { bankAccount };
  }
  // Transport, the state's fees, the care plan and our fees are settled with those partners in batches, not per sale.
  return null;
}

const PAYOUT_PURPOSE: Partial<Record<LedgerAccount, TransferAsk['purpose']>> = {
  lienholder: 'lien payoff',
  'seller payout': 'seller payout',
  buyer: 'refund',
  'buyer lender': 'refund',
  seller: 'refund',
};

export async function settleDeal(uow: UnitOfWork, providers: Providers, dealId: string): Promise<void> {
  const tx = uow.tx;
  const deal = await uow.lockDeal(dealId);
  const sides = await uow.dealSides(dealId);
  if (!sides.buyer || !sides.seller) return;
  // Most of a sale's changes come before both have signed: nothing to read then (a dispute's full refund comes after).
  const signed = hasSigned(sides.buyer.row.status) && hasSigned(sides.seller.row.status);
  if (!mayMoveMoney({ signed, cancelled: deal.cancelledAt })) return;
  const { plan, breakdown } = await dealMoney(tx, providers, dealId, { sides });
  const shipment = await liveShipment(tx, dealId);
  const dispute = await disputeOfDeal(tx, dealId);
  const facts: DealFacts = {
    signed,
    titleReceived: deal.titleReceivedAt !== null,
    delivered: deal.deliveryConfirmedAt !== null,
    refundCents: dispute?.status === 'partly refunded' ? dispute.refundCents : 0,
    // A full refund once the car is back unwinds the sale as a cancellation without a fee does.
    cancelled: deal.cancelledAt ? { feeCents: deal.cancellationFeeCents } : dispute?.status === 'refunded' ? { feeCents: 0 } : null,
  };
  const on = (side: 'buyer' | 'seller') => sides[side]!.row.id;

  // The buyer's loan is funded by their lender once the contract is signed.
  if (facts.signed && !facts.cancelled && breakdown.financing)
    await requestTransfer(uow, {
      dealId,
      transactionId: on('buyer'),
      direction: 'collect',
      purpose: 'loan funding',
      account: 'buyer lender',
      cents: breakdown.financing.amountFinancedCents,
      key: 'loan funding',
      counterparty: breakdown.financing.lender,
    });

  // The ledger as the last round read it; `moving` once this round asked for a transfer or posted (then read again).
  let journals: Journal[] = [];
  let transfers: TransferRow[] = [];
  let moving = true;
  for (let round = 0; round < 20; round += 1) {
    journals = await journalsOf(tx, dealId);
    transfers = await transfersOf(tx, dealId);
    moving = false;
    const returned = new Set(transfers.filter((row) => row.status === 'returned').map((row) => row.id));
    const released = journals
      .filter((journal) => journal.key.startsWith('release:') && !(journal.transferId && returned.has(journal.transferId)))
      .map((journal) => journal.reason as ReleaseId | typeof DISPUTE_REFUND);
    const balances = balancesOf(journals);
    const due = duePostings({ plan, balances, released, facts, journalCount: journals.length });
    if (due.owedBySeller > 0) {
      const recovering = transfers.some((row) => row.purpose === 'seller recovery' && row.status === 'pending');
      const account = await processorAccount(tx, sides.seller.data.payment.accountId);
      moving = !recovering && account !== undefined;
      if (!recovering && account)
        await requestTransfer(uow, {
          dealId,
          transactionId: on('seller'),
          direction: 'collect',
          purpose: 'seller recovery',
          account: 'seller',
          cents: due.owedBySeller,
          key: `seller recovery:${transfers.length}`,
          bankAccount: account,
        });
      break;
    }
    let moved = false;
    for (const posting of due.postings) {
      const to = posting.lines.find((line) => line.cents > 0)!;
      const destination = await payee(tx, sides, to.account, transfers);
      if (destination === undefined) continue; // nowhere to send it yet (no account linked): it stays held
      // A payout the bank returned is paid again under a new key once there is somewhere to send it.
      const attempt = journals.filter((journal) => journal.key.startsWith(posting.key)).length;
      const key = attempt ? `${posting.key}#${attempt + 1}` : posting.key;
      moving = true;
      const sent =
        destination &&
        (await requestTransfer(uow, {
          dealId,
          transactionId: to.account === 'buyer' || to.account === 'buyer lender' ? on('buyer') : on('seller'),
          direction: 'pay',
          purpose: PAYOUT_PURPOSE[to.account]!,
          account: to.account,
          cents: to.cents,
          key,
          ...destination,
        }));
      const posted = await post(uow, dealId, { ...posting, key }, sent ? sent.row.id : null);
      if (posted && to.account === 'seller payout')
        uow.emit('payout.released', { dealId, sellerTransactionId: on('seller'), key, cents: to.cents });
      moved = posted || moved;
    }
    if (!moved) break;
  }

  if (moving) [journals, transfers] = [await journalsOf(tx, dealId), await transfersOf(tx, dealId)];
  const released = journals
    .filter((journal) => journal.key.startsWith('release:'))
    .map((journal) => journal.reason as ReleaseId | typeof DISPUTE_REFUND);
  const funded =
    !facts.cancelled && facts.signed && isCollected({ plan, balances: asCollected({ balances: balancesOf(journals), released, facts }) });
  const payoffPaid = !sides.seller.data.title.lien || transfers.some((row) => row.purpose === 'lien payoff' && row.status === 'settled');
  if (funded && payoffPaid && !facts.titleReceived && !(await hasRequest(tx, on('seller'), 'title-desk', 'title transfer')))
    await uow.requestProvider({ transactionId: on('seller'), provider: 'title-desk', kind: 'title transfer', body: {} });
  if (funded && shipment?.vendor && !(await hasRequest(tx, on('buyer'), 'transport', `dispatch:${shipment.id}`)))
    await uow.requestProvider({
      transactionId: on('buyer'),
      provider: 'transport',
      kind: `dispatch:${shipment.id}`,
      body: { vendor: shipment.vendor, reference: shipment.id, kind: 'dispatch' },
    });
}
