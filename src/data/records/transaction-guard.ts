/**
 * The `transaction` guard's decision (SPEC §2.8, DESIGN.md §4): which transaction a screen is
 * about (`?transaction=` or the most recently active one) and whether this screen is where its
 * status sends the party. A step not reached yet redirects to the current one; a done step
 * stays (its read-only view). Decided from IndexedDB so it works offline: online, the API's fresh
 * copy is saved first when it comes within a moment.
 */
import { destinationFor, type TransactionStatus } from '../../domain/transaction-flows';
import { isDestinationPath, stepStates } from '../../domain/step-progress';
import { stepOfPath } from '../../domain/transaction-steps';
import { ApiError } from '../api/api-client';
import { db } from '../db';
import { isFinished } from '../../domain/sale-state';
import { refreshTransaction, refreshTransactions } from './transactions';

export const TRANSACTIONS_PATH = '/dashboard/active-transactions';
export const PREVIOUS_PATH = '/dashboard/previous-transactions';
const FRESH_WITHIN_MS = 1500;

async function latestActiveId(): Promise<string | undefined> {
  if (!(await db.transactions.count())) await refreshTransactions().catch(() => undefined);
  const rows = await db.transactions.orderBy('updatedAt').reverse().toArray();
  return rows.find((row) => !isFinished(row.sale))?.id;
}

/** Where to send the party instead of `url`, or null when `url` is the right screen. */
export async function transactionRedirect(url: URL): Promise<string | null> {
  const id = url.searchParams.get('transaction') ?? (await latestActiveId());
  if (!id) return TRANSACTIONS_PATH;
  if (!url.searchParams.get('transaction')) return `${url.pathname}?transaction=${id}`;

  let row = await db.transactions.get(id);
  const refresh = refreshTransaction(id);
  if (!row?.detail) {
    try {
      await refresh;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return `${TRANSACTIONS_PATH}?missing=${id}`;
      return null; // offline and nothing saved: the screen says so
    }
    row = await db.transactions.get(id);
  } else {
    // The saved copy may be behind: the other party, a provider or another device moved it. Online,
    // give the fresh copy a moment to decide; offline or slow, the saved copy does, and the screen
    // follows when the fresh one arrives.
    refresh.catch(() => undefined);
    if (navigator.onLine)
      await Promise.race([refresh.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, FRESH_WITHIN_MS))]);
    row = await db.transactions.get(id);
  }
  if (!row) return null;

  const status = row.status as TransactionStatus;
  const destination = destinationFor(row.flow, status);
  const step = stepOfPath(url.pathname);
  const state = stepStates(row.flow, status).find((candidate) => candidate.step === step)?.state;
  if (!destination || state === 'done') return null;
  // A status that sends the party out of the transaction (home, the dealer area) leaves its current step open here.
  const outside = !destination.path.startsWith('/transaction/');
  // The destination itself is always here, also when it lies outside the flow's steps (a dealer who signed is sent to "what's next").
  const here = url.pathname === destination.path || (state === 'current' && (outside || !isDestinationPath(url.pathname)));
  return here ? null : `${destination.path}?transaction=${id}`;
}

/**
 * For a dashboard page about one transaction: the one it names must be the user's (checked with
 * the API when online; offline, what is saved stands). A page that needs one and names none goes
 * to the list; the documents pages without one pick the latest active transaction themselves.
 */
export async function dashboardTransactionRedirect(url: URL, id: string | null | undefined): Promise<string | null> {
  const list = url.pathname.startsWith(PREVIOUS_PATH) ? PREVIOUS_PATH : TRANSACTIONS_PATH;
  if (!id) return url.pathname.startsWith(`${PREVIOUS_PATH}/detail`) ? PREVIOUS_PATH : null;
  const saved = await db.transactions.get(id);
  const refresh = refreshTransaction(id);
  try {
    if (saved?.detail) {
      refresh.catch(() => undefined);
      await Promise.race([refresh, new Promise((resolve) => setTimeout(resolve, FRESH_WITHIN_MS))]);
    } else await refresh;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return `${list}?missing=${encodeURIComponent(id)}`;
  }
  return null;
}
