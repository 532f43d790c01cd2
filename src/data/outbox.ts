/**
 * The write path for transactions (DESIGN.md §4, STYLE.md rule 6): a user's action becomes an
 * outbox row with an idempotency key made at that moment, written with the optimistic status in
 * one IndexedDB transaction (optimistic.ts), then sent in order when online — one loop at a time across tabs
 * (Web Locks). The server applies a key at most once, so resending after a lost answer is safe.
 * A refusal rolls the transaction back to the server's copy and keeps the row with the reason
 * until the user has read it; a lost connection leaves the rows pending for the next drain.
 */
import { isRetryableStatus, RETRY_ATTEMPTS, retryDelayMs } from '../domain/retry';
import { eventAnswerSchema } from '../domain/transaction-contract';
import type { PartyEvent } from '../domain/transaction-transitions';
import { ApiError, apiRequest, NetworkError } from './api-client';
import { db } from './db';
import { requestPersistentStorage } from './install';
import { withAction } from './optimistic';
import type { OutboxRow } from './transaction-records';
import { refreshTransaction, storeDetail } from './transactions';

const FOLLOWED_REFUSAL = 'Not sent: it came after an action that was not accepted. Check the step and try again.';

/** Records the user's action now (works offline) and starts sending. */
export async function queueAction(transactionId: string, event: PartyEvent, payload: Record<string, unknown> = {}): Promise<void> {
  await db.transaction('rw', db.transactions, db.outbox, async () => {
    const row = await db.transactions.get(transactionId);
    if (!row?.detail) throw new Error('This transaction is not loaded yet. Connect to the internet and open it again.');
    const queued = await db.outbox.where('transactionId').equals(transactionId).toArray();
    const waiting = queued.filter((other) => other.state === 'pending').length;
    // Trying an action again answers its earlier refusal: one notice per action, not a stack of them.
    await db.outbox.bulkDelete(queued.filter((other) => other.state === 'refused' && other.event === event).map((other) => other.seq!));
    await db.outbox.add({
      transactionId,
      idempotencyKey: crypto.randomUUID(),
      event,
      payload,
      expectedVersion: waiting ? null : row.detail.version,
      createdAt: Date.now(),
      state: 'pending',
    });
    const next = withAction(row.detail, { event, payload });
    await db.transactions.put({ ...row, ...next, detail: next });
  });
  void requestPersistentStorage();
  void drainOutbox();
}

/** Forgets a refused action once the user has read why. */
export async function dismissRefusal(seq: number): Promise<void> {
  await db.outbox.delete(seq);
}

let draining: Promise<void> | undefined;
let again = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retries = 0;

/**
 * Sends pending rows in order. A call while a drain runs makes it go round once more, so a
 * connection that comes back during a failing attempt is never missed; a drain that could not
 * reach the API tries again after a growing pause (1 s doubling to 1 min) as well.
 */
export function drainOutbox(): Promise<void> {
  if (draining) {
    again = true;
    return draining;
  }
  draining = (async () => {
    let outcome: 'done' | 'offline';
    do {
      again = false;
      outcome = await withOutboxLock(sendAll);
    } while (again);
    clearTimeout(retryTimer);
    if (outcome === 'offline') retryTimer = setTimeout(() => void drainOutbox(), Math.min(60_000, 1000 * 2 ** retries++));
    else retries = 0;
  })().finally(() => (draining = undefined));
  return draining;
}

async function withOutboxLock(work: () => Promise<'done' | 'offline'>): Promise<'done' | 'offline'> {
  if (!('locks' in navigator)) return work();
  // Another tab already drains: it sends these same rows.
  return navigator.locks.request('caramel-outbox', { ifAvailable: true }, async (lock) => (lock ? work() : 'done'));
}

async function sendAll(): Promise<'done' | 'offline'> {
  const versions = new Map<string, number>();
  for (;;) {
    const row = await db.outbox.filter((candidate) => candidate.state === 'pending').first();
    if (!row) return 'done';
    const outcome = await send(row, row.expectedVersion ?? versions.get(row.transactionId) ?? (await appliedVersion(row)));
    if (outcome === 'offline') return 'offline';
    if (typeof outcome === 'number') versions.set(row.transactionId, outcome);
  }
}

/** For a row queued behind others: the saved version once nothing is ahead of it any more. */
async function appliedVersion(row: OutboxRow): Promise<number | undefined> {
  const ahead = await db.outbox
    .where('transactionId')
    .equals(row.transactionId)
    .filter((other) => other.seq! < row.seq!)
    .count();
  return ahead ? undefined : (await db.transactions.get(row.transactionId))?.detail?.version;
}

/** Answers the new version, 'refused', or 'offline' (stop; try again when the connection is back). */
async function send(row: OutboxRow, expectedVersion: number | undefined): Promise<number | 'refused' | 'offline'> {
  if (expectedVersion === undefined) return refuse(row, FOLLOWED_REFUSAL);
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await apiRequest('POST', `transactions/${row.transactionId}/events`, eventAnswerSchema, {
        event: row.event,
        payload: row.payload,
        idempotencyKey: row.idempotencyKey,
        expectedVersion,
      });
      await db.transaction('rw', db.transactions, db.outbox, async () => {
        await db.outbox.delete(row.seq!);
        await storeDetail(answer.transaction);
      });
      return answer.transaction.version;
    } catch (error) {
      if (error instanceof NetworkError) return 'offline';
      const status = error instanceof ApiError ? error.status : 0;
      if (isRetryableStatus(status) && attempt < RETRY_ATTEMPTS) {
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt)));
        continue;
      }
      if (isRetryableStatus(status)) return 'offline'; // the server is struggling; keep the row for later
      return refuse(row, error instanceof ApiError ? error.reason : error instanceof Error ? error.message : String(error));
    }
  }
}

/** Marks the row refused (and those queued behind it) and puts the server's copy back. */
async function refuse(row: OutboxRow, reason: string): Promise<'refused'> {
  await db.transaction('rw', db.outbox, async () => {
    await db.outbox.update(row.seq!, { state: 'refused', error: reason });
    const behind = await db.outbox.where('transactionId').equals(row.transactionId).toArray();
    for (const later of behind) {
      if (later.seq! > row.seq! && later.state === 'pending' && later.expectedVersion === null) {
        await db.outbox.update(later.seq!, { state: 'refused', error: FOLLOWED_REFUSAL });
      }
    }
  });
  await refreshTransaction(row.transactionId).catch(() => undefined); // offline: the next refresh rolls back
  return 'refused';
}

let started = false;

/** Drains on start and whenever the browser reports the connection back or the tab returns. */
export function startOutbox(): void {
  void drainOutbox();
  if (started) return;
  started = true;
  window.addEventListener('online', () => void drainOutbox());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void drainOutbox();
  });
}
