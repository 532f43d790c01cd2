/**
 * What follows every saved move of a transaction, whoever made it (a party, a provider's answer,
 * the product itself): the parties' open tabs hear of it (server/live), and a step both sides walk
 * that this side just finished tells the other side theirs is waiting — signing is "documents to
 * sign" — once per step.
 */
import { and, eq, ne } from 'drizzle-orm';
import { transactionEntry } from '../../src/domain/step-progress';
import { STEP_LABELS } from '../../src/domain/transaction-steps';
import { SHARED_STEPS, sharedStepsDone, stepOpen } from '../../src/domain/waiting-steps';
import type { TransactionStatus } from '../../src/domain/transaction-flows';
import { transactions } from '../db/schema';
import { announceTransaction } from './announce';
import { notifySide } from './notify';
import type { TransactionRow } from './access';
import type { Tx } from './event-log';

export async function transactionSaved(tx: Tx, row: TransactionRow, from: TransactionStatus): Promise<void> {
  await announceTransaction(tx, row);
  const finished = sharedStepsDone(row.flow, from, row.status);
  if (!finished.length) return;
  const [other] = await tx
    .select()
    .from(transactions)
    .where(and(eq(transactions.dealId, row.dealId), ne(transactions.side, row.side)));
  if (!other) return;
  for (const step of finished.filter((done) => stepOpen(other.flow, other.status, done))) {
    const label = STEP_LABELS[step].toLowerCase();
    await notifySide(tx, row.dealId, other.side, {
      kind: step === 'signature' ? 'documents to sign' : 'step waiting',
      key: `waiting:${other.id}:${step}`,
      subject: `Your ${row.side} has ${SHARED_STEPS[step]}`,
      body: `Your ${row.side} has ${SHARED_STEPS[step]}. Your ${label} step is waiting for you, so the sale can keep moving.`,
      link: transactionEntry(other.id),
    });
  }
}
