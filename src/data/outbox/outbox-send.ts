/**
 * Sending what the outbox holds, in order (outbox.ts decides when, in a page; the service worker's
 * background sync when the app is closed): each row with its idempotency key, so a row sent twice
 * from two places is applied once. A refused row keeps its reason and rolls its record back to the
 * server's copy; step actions queued behind it are refused with it.
 */
import { db } from '../db';
import { sendDeliveryAction } from './delivery-sender';
import { sendMessageAction } from './message-sender';
import { sendOfferAction } from './offer-sender';
import { refreshOffers } from '../records/offer-store';
import type { OutboxRow, TransactionAction } from './outbox-rows';
import { sendTransactionAction } from './transaction-sender';
import { refreshThread } from '../records/thread-store';
import { refreshTransaction } from '../records/transactions';

const FOLLOWED_REFUSAL = 'Not sent: it came after an action that was not accepted. Check the step and try again.';

/** Sends every pending row it can; 'offline' when the API could not be reached (the rest wait for the next try). */
export async function sendAll(): Promise<'done' | 'offline'> {
  const versions = new Map<string, number>();
  // Threads whose next message waits for its file's upload: their later messages wait behind it.
  const held = new Set<string>();
  for (;;) {
    const row = await db.outbox
      .filter((candidate) => candidate.state === 'pending' && !(candidate.kind === 'message' && held.has(candidate.negotiationId)))
      .first();
    if (!row) return 'done';
    let outcome: number | 'sent' | 'offline' | 'waiting' | { refused: string };
    if (row.kind === 'offer') outcome = await sendOfferAction(row);
    else if (row.kind === 'message') outcome = await sendMessageAction(row);
    else if (row.kind === 'delivery') outcome = await sendDeliveryAction(row);
    else {
      const expectedVersion = row.expectedVersion ?? versions.get(row.transactionId) ?? (await appliedVersion(row));
      outcome = expectedVersion === undefined ? { refused: FOLLOWED_REFUSAL } : await sendTransactionAction(row, expectedVersion);
      if (typeof outcome === 'number') versions.set(row.transactionId, outcome);
    }
    if (outcome === 'offline') return 'offline';
    if (outcome === 'waiting' && row.kind === 'message') held.add(row.negotiationId);
    if (typeof outcome === 'object') await refuse(row, outcome.refused);
  }
}

/** For a row queued behind others: the saved version once nothing is ahead of it any more. */
async function appliedVersion(row: TransactionAction): Promise<number | undefined> {
  const ahead = await db.outbox
    .where('transactionId')
    .equals(row.transactionId)
    .filter((other) => other.seq! < row.seq!)
    .count();
  return ahead ? undefined : (await db.transactions.get(row.transactionId))?.detail?.version;
}

/** Marks the row refused (and the step actions queued behind it) and puts the server's copy back. */
async function refuse(row: OutboxRow, reason: string): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    await db.outbox.update(row.seq!, { state: 'refused', error: reason });
    if (row.kind !== 'transaction') return;
    const behind = await db.outbox.where('transactionId').equals(row.transactionId).toArray();
    for (const later of behind) {
      if (later.kind === 'transaction' && later.seq! > row.seq! && later.state === 'pending' && later.expectedVersion === null) {
        await db.outbox.update(later.seq!, { state: 'refused', error: FOLLOWED_REFUSAL });
      }
    }
  });
  // Offline, the next refresh rolls back.
  if (row.kind === 'transaction' || row.kind === 'delivery') await refreshTransaction(row.transactionId).catch(() => undefined);
  else if (row.kind === 'message') await refreshThread(row.negotiationId).catch(() => undefined);
  else await refreshOffers().catch(() => undefined);
}
