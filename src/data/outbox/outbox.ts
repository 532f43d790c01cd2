/**
 * The write path (DESIGN.md §4, STYLE.md rule 6): a user's action on a transaction or an offer, or a message,
 * becomes an outbox row with an idempotency key made at that moment, written with what it will
 * change in one IndexedDB transaction (optimistic.ts, offer-actions.ts), then sent in order when
 * online — one loop at a time across tabs (Web Locks). The server applies a key at most once, so resending after a lost answer is safe.
 * A refusal rolls the transaction back to the server's copy and keeps the row with the reason
 * until the user has read it; a lost connection leaves the rows pending for the next drain.
 */
import { liveQuery } from 'dexie';
import type { PartyEvent } from '../../domain/transaction-transitions';
import { uploadDb } from '../../../workers/upload-store';
import { db } from '../db';
import { requestPersistentStorage } from '../device/install';
import { withAction } from './optimistic';
import { isTransactionAction, type DeliveryAction, type TransactionAction } from './outbox-rows';
import { sendAll } from './outbox-send';
import { sendWhenBackOnline } from './background-sync';

/** One step action: the event and what it carries. */
export interface Move {
  event: PartyEvent;
  payload?: Record<string, unknown>;
}

/** Records the user's step action now (works offline), with the transaction as it will be, and starts sending. */
export function queueAction(transactionId: string, event: PartyEvent, payload: Record<string, unknown> = {}): Promise<void> {
  return queueActions(transactionId, [{ event, payload }]);
}

/**
 * Records step actions that one press takes, in order, in one write: the screen goes from where the person pressed to
 * where the last one leads, never drawing a status in between (with a button of its own) for a moment.
 */
export async function queueActions(transactionId: string, moves: readonly Move[]): Promise<void> {
  await db.transaction('rw', db.transactions, db.outbox, async () => {
    const row = await db.transactions.get(transactionId);
    if (!row?.detail) throw new Error('This transaction is not loaded yet. Connect to the internet and open it again.');
    const queued = (await db.outbox.where('transactionId').equals(transactionId).toArray()).filter(isTransactionAction);
    let waiting = queued.filter((other) => other.state === 'pending').length;
    // Trying an action again answers its earlier refusal: one notice per action, not a stack of them.
    await db.outbox.bulkDelete(
      queued.filter((other) => other.state === 'refused' && moves.some(({ event }) => other.event === event)).map((other) => other.seq!),
    );
    let next = row.detail;
    for (const { event, payload = {} } of moves) {
      const action: TransactionAction = {
        kind: 'transaction',
        transactionId,
        idempotencyKey: crypto.randomUUID(),
        event,
        payload,
        expectedVersion: waiting ? null : row.detail.version,
        createdAt: Date.now(),
        state: 'pending',
      };
      await db.outbox.add(action);
      waiting += 1;
      next = withAction(next, { event, payload });
    }
    await db.transactions.put({ ...row, ...next, detail: next });
  });
  void requestPersistentStorage();
  void drainOutbox();
}

/** Records the buyer's "the car is as described" with its key now, and starts sending it (online only: the screen offers it then). */
export async function queueDeliveryConfirmation(transactionId: string): Promise<void> {
  const action: DeliveryAction = {
    kind: 'delivery',
    transactionId,
    action: 'confirm',
    idempotencyKey: crypto.randomUUID(),
    createdAt: Date.now(),
    state: 'pending',
  };
  await db.transaction('rw', db.outbox, async () => {
    // One confirmation at a time: a second press while the first waits (or after it was refused) takes its place.
    const earlier = await db.outbox.where('transactionId').equals(transactionId).toArray();
    const waiting = earlier.find((row) => row.kind === 'delivery' && row.state === 'pending');
    if (waiting) return;
    await db.outbox.bulkDelete(earlier.filter((row) => row.kind === 'delivery').map((row) => row.seq!));
    await db.outbox.add(action);
  });
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
    let outcome: 'done' | 'offline' | 'busy';
    do {
      again = false;
      outcome = await withOutboxLock(sendAll);
    } while (again);
    clearTimeout(retryTimer);
    // Still waiting: the service worker sends it when the connection returns, even if this page is closed by then.
    if (outcome !== 'done') sendWhenBackOnline();
    if (outcome === 'offline') retryTimer = setTimeout(() => void drainOutbox(), Math.min(60_000, 1000 * 2 ** retries++));
    else if (outcome === 'busy') retryTimer = setTimeout(() => void drainOutbox(), BUSY_RETRY_MS);
    else retries = 0;
  })().finally(() => (draining = undefined));
  return draining;
}

/**
 * Another tab drains (it sends these same rows): look again shortly. A page leaving — hidden into
 * the back-forward cache, frozen in the background — lets go of the lock at once (`leaving`): frozen
 * with it, it would keep every other tab's actions waiting; it drains again when it is shown. A lock
 * still taken after BUSY_TRIES looks belongs to no live drain all the same (a page that crashed), so
 * it is taken over (`steal`). Sending a row twice is safe: the server applies a key once and answers
 * the repeat with the first answer.
 */
const BUSY_RETRY_MS = 2000;
const BUSY_TRIES = 5;
let busyTries = 0;

/**
 * `work`'s answer, or 'offline' as soon as this page is being hidden or frozen, whichever comes
 * first: a drain holding the lock lets go of it then (the work carries on without it, safe to repeat).
 */
export function untilLeaving(work: () => Promise<'done' | 'offline'>): Promise<'done' | 'offline'> {
  return new Promise((resolve, reject) => {
    const stop = () => (window.removeEventListener('pagehide', leave), document.removeEventListener('freeze', leave));
    const leave = () => (stop(), resolve('offline'));
    window.addEventListener('pagehide', leave);
    document.addEventListener('freeze', leave);
    work().then(
      (outcome) => (stop(), resolve(outcome)),
      (error: unknown) => (stop(), reject(error)),
    );
  });
}

export async function withOutboxLock(work: () => Promise<'done' | 'offline'>): Promise<'done' | 'offline' | 'busy'> {
  if (!('locks' in navigator)) return work();
  const held = () => untilLeaving(work);
  if (busyTries >= BUSY_TRIES) {
    busyTries = 0;
    return navigator.locks.request('caramel-outbox', { steal: true }, held);
  }
  return navigator.locks.request('caramel-outbox', { ifAvailable: true }, async (lock) => {
    if (!lock) {
      busyTries += 1;
      return 'busy';
    }
    busyTries = 0;
    return held();
  });
}

let started = false;

/** Drains on start, whenever the browser reports the connection back or the tab returns, and when an upload a message waits for finished. */
export function startOutbox(): void {
  void drainOutbox();
  if (started) return;
  started = true;
  liveQuery(() => uploadDb.tasks.filter((task) => task.status === 'completed' || task.status === 'cancelled').count()).subscribe(
    () => void drainOutbox(),
  );
  window.addEventListener('online', () => void drainOutbox());
  // Whatever is under way when the connection drops (an upload, an action about to go) the service worker can finish once it is back.
  window.addEventListener('offline', sendWhenBackOnline);
  // Back from the back-forward cache (or unfrozen): a drain it let go of goes on.
  window.addEventListener('pageshow', (event) => event.persisted && void drainOutbox());
  document.addEventListener('resume', () => void drainOutbox());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void drainOutbox();
  });
}
