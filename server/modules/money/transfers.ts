/**
 * Transfers through the payments processor (DESIGN.md §9, §10): each is a row with a key unique
 * per deal, written with the request that hands it to the processor in one database transaction,
 * so asking twice moves money once. The processor's answer comes by webhook: money collected is
 * posted to the ledger as held when it settles; a returned collection reopens the payer's payment
 * step with the bank's reason; a returned payout puts the money back as held, to be paid again
 * once the payee links another account.
 */
import { and, eq, sql } from 'drizzle-orm';
import { transfer as posting } from '../../../src/domain/ledger-rules';
import type { LedgerAccount } from '../../../src/domain/settlement';
import { transfers, TRANSFER_PURPOSES } from '../../db/money-tables';
import type { Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import type { Tx } from '../../kernel/event-log';
import type { UnitOfWork } from '../../kernel/unit-of-work';
import { post } from './ledger';

export type TransferRow = typeof transfers.$inferSelect;
export type Purpose = (typeof TRANSFER_PURPOSES)[number];

export interface TransferAsk {
  dealId: string;
  transactionId: string;
  direction: 'collect' | 'pay';
  purpose: Purpose;
  account: LedgerAccount;
  cents: number;
  key: string;
  /** A linked account (its processor token moves the money), or a payee known by name (a lender). */
  bankAccount?: { id: string; processorToken: string };
  counterparty?: string;
}

/** Asks for a transfer once per key: the row, whether it was made now. */
export async function requestTransfer(uow: UnitOfWork, ask: TransferAsk): Promise<{ row: TransferRow; created: boolean }> {
  const tx = uow.tx;
  const [created] = await tx
    .insert(transfers)
    .values({
      dealId: ask.dealId,
      transactionId: ask.transactionId,
      direction: ask.direction,
      purpose: ask.purpose,
      account: ask.account,
      bankAccountId: ask.bankAccount?.id ?? null,
      counterparty: ask.counterparty ?? null,
      amountCents: ask.cents,
      key: ask.key,
    })
    .onConflictDoNothing()
    .returning();
  if (!created) {
    const [existing] = await tx
      .select()
      .from(transfers)
      .where(and(eq(transfers.dealId, ask.dealId), eq(transfers.key, ask.key)));
    return { row: existing!, created: false };
  }
  uow.touch(ask.dealId, 'money moved');
  await uow.requestProvider({
    transactionId: ask.transactionId,
    provider: 'payments',
    kind: 'transfer',
    body: {
      reference: created.id,
      direction: ask.direction === 'collect' ? 'debit' : 'credit',
      amountCents: ask.cents,
      ...(ask.bankAccount ? { processorToken: ask.bankAccount.processorToken } : { counterparty: ask.counterparty }),
    },
  });
  return { row: created, created: true };
}

const transfersOfDeal = preparedStatement('transfers_of_deal', (db) =>
  db
    .select()
    .from(transfers)
    .where(eq(transfers.dealId, sql.placeholder('dealId')))
    .orderBy(transfers.createdAt),
);

export async function transfersOf(db: Database | Tx, dealId: string): Promise<TransferRow[]> {
  return transfersOfDeal(db, { dealId });
}

/** The processor's answer for a transfer (the deal is locked by the caller); whether it changed anything. */
export async function applyTransferResult(
  uow: UnitOfWork,
  transferId: string,
  result: { outcome: 'settled' | 'returned'; code: string | null; reason: string | null },
): Promise<boolean> {
  const tx = uow.tx;
  const [row] = await tx.select().from(transfers).where(eq(transfers.id, transferId)).for('update');
  if (!row || row.status !== 'pending') return false;
  await tx
    .update(transfers)
    .set(
      result.outcome === 'settled'
        ? { status: 'settled', settledAt: new Date() }
        : { status: 'returned', returnCode: result.code, returnReason: result.reason ?? 'Returned by the bank' },
    )
    .where(eq(transfers.id, row.id));
  uow.touch(row.dealId, 'money moved');
  if (result.outcome === 'settled' && row.direction === 'collect')
    await post(uow, row.dealId, posting(`collect:${row.id}`, 'collected', row.account, 'held', row.amountCents), row.id);
  if (result.outcome === 'returned' && row.direction === 'pay')
    await post(uow, row.dealId, posting(`return:${row.id}`, 'payout returned', row.account, 'held', row.amountCents), row.id);
  if (result.outcome === 'returned' && row.purpose === 'seller payout')
    uow.emit('payout.returned', {
      dealId: row.dealId,
      sellerTransactionId: row.transactionId,
      transferId: row.id,
      cents: row.amountCents,
      reason: result.reason ?? 'Returned by the bank',
    });
  if (result.outcome === 'returned' && (row.purpose === 'buyer payment' || row.purpose === 'seller difference'))
    await reopenPayment(uow, row.transactionId, row.dealId, result.code ?? 'R00', result.reason ?? 'Returned by the bank');
  return true;
}

async function reopenPayment(uow: UnitOfWork, transactionId: string, dealId: string, code: string, reason: string) {
  const log = await uow.transaction(transactionId, dealId);
  if (log.takes('payment returned')) await log.append({ kind: 'provider' }, 'payment returned', { code, reason });
}
