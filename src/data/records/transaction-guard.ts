/**
 * The `transaction` guard's decision (SPEC §2.8, DESIGN.md §4): which transaction a screen is
 * about (`?transaction=` or the most recently active one) and whether this screen is where its
 * status sends the party. A step not reached yet redirects to the current one; a done step
 * stays (its read-only view). Decided from IndexedDB at once, on any connection (issue 56): a fresh copy is fetched
 * behind the screen, and the shell follows the status when it lands (a page reopened after the other party or a
 * provider moved shows the saved step, then the current one). Only a transaction with nothing saved waits.
 */
import { destinationFor, type TransactionStatus } from '../../domain/transaction-flows';
import type { TransactionDetail } from '../../domain/transaction-contract';
import { isDestinationPath, stepStates } from '../../domain/step-progress';
import { stepOfPath } from '../../domain/transaction-steps';
import { ApiError } from '../api/api-client';
import { db } from '../db';
import { isFinished } from '../../domain/sale-state';
import { FRESHNESS_KEYS, refreshOnce } from './freshness';
import { refreshTransaction, refreshTransactions } from './transactions';

export const TRANSACTIONS_PATH = '/dashboard/active-transactions';
export const PREVIOUS_PATH = '/dashboard/previous-transactions';
/** How long a screen with nothing saved waits for the API before it says so (the fetch goes on behind it). */
const NOTHING_SAVED_WAIT_MS = 8000;

/** `fetching` settled, or undefined once the wait is over. */
const within = <T>(fetching: Promise<T>) =>
  Promise.race([fetching, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), NOTHING_SAVED_WAIT_MS))]);

/** One fetch of a transaction at a time: a tap, the redirect it leads to and the screen ask once, not three times. */
const refreshBehind = (id: string) => refreshOnce(FRESHNESS_KEYS.transaction(id), () => refreshTransaction(id));

async function latestActiveId(): Promise<string | undefined> {
  if (!(await db.transactions.count())) await within(refreshOnce(FRESHNESS_KEYS.transactions, refreshTransactions).catch(() => undefined));
  const rows = await db.transactions.orderBy('updatedAt').reverse().toArray();
  return rows.find((row) => !isFinished(row.sale))?.id;
}

/** Where to send the party instead of `url`, or null when `url` is the right screen. */
export async function transactionRedirect(url: URL): Promise<string | null> {
  const id = url.searchParams.get('transaction') ?? (await latestActiveId());
  if (!id) return TRANSACTIONS_PATH;
  if (!url.searchParams.get('transaction')) return `${url.pathname}?transaction=${id}`;

  let row = await db.transactions.get(id);
  // The saved copy may be behind (the other party, a provider or another device moved it): it decides now, and the
  // shell takes the party on when the fresh copy lands.
  const refresh = refreshBehind(id).then(
    () => 'fetched' as const,
    (error: unknown) => (error instanceof ApiError && error.status === 404 ? ('gone' as const) : ('failed' as const)),
  );
  if (!row?.detail) {
    const outcome = await within(refresh);
    if (outcome === 'gone') return `${TRANSACTIONS_PATH}?missing=${id}`;
    // Offline, slow past the wait, or failed, with nothing saved: the screen says so, and follows if it lands.
    if (outcome !== 'fetched') return null;
    row = await db.transactions.get(id);
  }
  if (!row) return null;

  const { redirect, following, destination } = screenFor(row, url.pathname);
  const sentHere = landing?.id === id && landing.at === url.pathname ? landing : null;
  if (sentHere && !following && destination) {
    // This guard sent the party here on the saved copy's word, and a fresh copy came before the screen: the step is
    // done now, and they never chose to read it — on to what they asked for if it is reached, else the current step.
    landing = null;
    const asked = sentHere.asked;
    return asked && screenFor(row, new URL(asked, 'http://app').pathname).redirect === null ? asked : `${destination}?transaction=${id}`;
  }
  if (redirect) {
    // The saved copy has not reached the screen asked for (the link came from news this device has not heard yet):
    // its current step now, and the screen asked for once the fresh copy allows it — whether the party then is on the
    // step (the shell takes them) or outside the transaction (home, where no shell follows the sale).
    const asked = `${url.pathname}?transaction=${id}`;
    landing = { id, at: redirect, asked, destination: redirect };
    void refresh.then(async (outcome) => {
      if (outcome !== 'fetched' || landing?.id !== id || landing.asked !== asked) return;
      const fresh = await db.transactions.get(id);
      if (!fresh || screenFor(fresh, url.pathname).redirect !== null) return;
      forgetAsked();
      askedListeners.forEach((listener) => listener({ to: asked, from: redirect }));
    });
    return `${redirect}?transaction=${id}`;
  }
  // The redirect above lands here: it keeps what was asked.
  if (following) landing = sentHere ?? { id, at: url.pathname, asked: null, destination };
  else landing = null;
  return null;
}

/**
 * Which screen the copy `row` gives a party on `pathname`: `redirect` when another (the step its status is at), and
 * whether the party is `following` the status there — not reading a step that is done, which they chose.
 */
export function screenFor(
  row: Pick<TransactionDetail, 'flow' | 'status'>,
  pathname: string,
): { redirect: string | null; following: boolean; destination: string | null } {
  const status = row.status as TransactionStatus;
  const destination = destinationFor(row.flow, status)?.path ?? null;
  if (!destination) return { redirect: null, following: false, destination };
  if (pathname === destination) return { redirect: null, following: true, destination };
  const step = stepOfPath(pathname);
  const state = stepStates(row.flow, status).find((candidate) => candidate.step === step)?.state;
  if (state === 'done') return { redirect: null, following: false, destination };
  // A status that sends the party out of the transaction (home, the dealer area) leaves its current step open here.
  const outside = !destination.startsWith('/transaction/');
  // The destination itself is always here, also when it lies outside the flow's steps (a dealer who signed is sent to "what's next").
  const here = state === 'current' && (outside || !isDestinationPath(pathname));
  return { redirect: here ? null : destination, following: true, destination };
}

/**
 * How the guard last placed the party in a transaction: on `at`, following its status, whose step was then at
 * `destination` (the saved copy's), having asked for `asked`.
 */
interface Landing {
  id: string;
  at: string;
  asked: string | null;
  destination: string | null;
}
let landing: Landing | null = null;

/** Where the guard last placed the party in transaction `id`, on the saved copy's word (the shell follows from there). */
export const guardLanding = (id: string): Landing | null => (landing?.id === id ? landing : null);

type AskedListener = (reached: { to: string; from: string }) => void;
const askedListeners = new Set<AskedListener>();

/**
 * Calls `listener` when a screen the party asked for, which the saved copy had not reached, is reached by the fresh
 * copy: `to` it, if they are still `from` where the guard sent them (app/navigation.ts navigates).
 */
export function onAskedScreenReached(listener: AskedListener): () => void {
  askedListeners.add(listener);
  return () => void askedListeners.delete(listener);
}

/** The screen asked for is reached, or given up: forget it. */
export function forgetAsked(): void {
  if (landing) landing = { ...landing, asked: null };
}

/**
 * For a dashboard page about one transaction: the one it names must be the user's (what is saved stands; with
 * nothing saved, the API is asked, for a moment at most). A page that needs one and names none goes
 * to the list; the documents pages without one pick the latest active transaction themselves.
 */
export async function dashboardTransactionRedirect(url: URL, id: string | null | undefined): Promise<string | null> {
  const list = url.pathname.startsWith(PREVIOUS_PATH) ? PREVIOUS_PATH : TRANSACTIONS_PATH;
  if (!id) return url.pathname.startsWith(`${PREVIOUS_PATH}/detail`) ? PREVIOUS_PATH : null;
  const saved = await db.transactions.get(id);
  const refresh = refreshBehind(id).then(
    () => null,
    (error: unknown) => (error instanceof ApiError && (error.status === 404 || error.status === 400) ? 'gone' : null),
  );
  if (saved?.detail) return null;
  return (await within(refresh)) === 'gone' ? `${list}?missing=${encodeURIComponent(id)}` : null;
}
