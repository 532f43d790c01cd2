/**
 * The ledger's rules as pure functions (DESIGN.md §10), so the server applies them under a lock
 * and the tests can run them over generated sequences: a journal moves money between accounts
 * and its lines sum to zero; balances are sums of lines, never stored; and from a deal's plan,
 * balances and what has happened so far, `duePostings` says what must move now.
 */
import {
  cancellationPlan,
  LEDGER_ACCOUNTS,
  SOURCES,
  type Balances,
  type LedgerAccount,
  type ReleaseId,
  type SettlementPlan,
} from './settlement';

/** A dispute's partial refund (delivery.ts), as its journal's reason: posted once, under `release:` like a release. */
export const DISPUTE_REFUND = 'dispute refund';

export interface JournalLine {
  account: LedgerAccount;
  /** Money into the account (positive) or out of it (negative), in cents. */
  cents: number;
}

export interface Posting {
  /** Unique per deal: posting the same key twice moves money once. */
  key: string;
  reason: string;
  lines: JournalLine[];
}

export const transfer = (key: string, reason: string, from: LedgerAccount, to: LedgerAccount, cents: number): Posting => ({
  key,
  reason,
  lines: [
    { account: from, cents: -cents },
    { account: to, cents },
  ],
});

export const balancesOf = (journals: { lines: JournalLine[] }[]): Balances => {
  const balances: Balances = {};
  for (const line of journals.flatMap((journal) => journal.lines)) balances[line.account] = (balances[line.account] ?? 0) + line.cents;
  return balances;
};

export const isBalanced = (posting: { lines: JournalLine[] }) => posting.lines.reduce((sum, line) => sum + line.cents, 0) === 0;

/** Money a source put in, net of refunds. */
export const putIn = (balances: Balances, source: (typeof SOURCES)[number]) => Math.max(0, -(balances[source] ?? 0));

/** The four figures each party's money timeline shows; held + released + refunded = collected, always. */
export function moneyTotals(journals: { reason: string; lines: JournalLine[] }[]) {
  let collected = 0;
  let refunded = 0;
  for (const journal of journals)
    for (const line of journal.lines)
      if ((SOURCES as readonly string[]).includes(line.account)) {
        if (line.cents < 0) collected -= line.cents;
        else refunded += line.cents;
      }
  const balances = balancesOf(journals);
  const held = balances.held ?? 0;
  const released = LEDGER_ACCOUNTS.filter((account) => account !== 'held' && !(SOURCES as readonly string[]).includes(account)).reduce(
    (sum, account) => sum + (balances[account] ?? 0),
    0,
  );
  return { collected, held, released, refunded };
}

export interface DealFacts {
  /** Both sides have signed the sale documents. */
  signed: boolean;
  titleReceived: boolean;
  /** Delivery counts as done (delivery.ts): confirmed by the buyer, by the clock, or by an admin's decision. */
  delivered: boolean;
  /** A dispute's partial refund to the buyer, out of the seller's second payout (0 when none). */
  refundCents: number;
  /** Set once the deal is cancelled, with the fee the cancelling party owes. */
  cancelled: { feeCents: number } | null;
}

export interface MoneyState {
  plan: SettlementPlan;
  balances: Balances;
  /** Releases already posted (and a dispute's refund, `DISPUTE_REFUND`). */
  released: readonly (ReleaseId | typeof DISPUTE_REFUND)[];
  facts: DealFacts;
  /** Journals posted so far (keys of cancellation moves are numbered by it). */
  journalCount: number;
}

/** Every planned collection has arrived. */
export const isCollected = (state: Pick<MoneyState, 'plan' | 'balances'>) =>
  state.plan.collections.every((collection) => putIn(state.balances, collection.from) >= collection.cents);

/**
 * The balances as collected: a dispute's partial refund, once posted, went back to the buyer, but
 * what they paid was collected all the same (without this, a title arriving after the refund would
 * find the deal "not funded" and hold the seller's first payout for good).
 */
export const asCollected = (state: Pick<MoneyState, 'balances' | 'released' | 'facts'>): Balances =>
  state.released.includes(DISPUTE_REFUND)
    ? { ...state.balances, buyer: (state.balances.buyer ?? 0) - state.facts.refundCents }
    : state.balances;

/**
 * Whether any rule may move money: only once both sides have signed (releases, a loan's funding) or the sale is
 * cancelled (refunds). Before that nothing moves, whatever was collected.
 */
export const mayMoveMoney = (facts: { signed: boolean; cancelled: unknown }): boolean => facts.signed || Boolean(facts.cancelled);

/**
 * What must move now. Releases wait for the deal to be funded (everything in, both sides signed),
 * the lien payoff goes before anything else, and each waits for its trigger. A cancelled deal
 * releases nothing more: it refunds, after collecting first what the seller owes (`owedBySeller`).
 */
export function duePostings(state: MoneyState): { postings: Posting[]; owedBySeller: number } {
  if (state.facts.cancelled) {
    const { owedBySeller, moves } = cancellationPlan(state.balances, state.facts.cancelled.feeCents);
    if (owedBySeller > 0) return { postings: [], owedBySeller };
    return {
      postings: moves.map((move, index) =>
        transfer(`cancel:${state.journalCount + index}:${move.to}`, move.reason, move.from, move.to, move.cents),
      ),
      owedBySeller: 0,
    };
  }
  if (!mayMoveMoney(state.facts) || !isCollected({ plan: state.plan, balances: asCollected(state) }))
    return { postings: [], owedBySeller: 0 };
  const payoffPending = state.plan.releases.some((release) => release.id === 'lien payoff' && !state.released.includes(release.id));
  const triggered = { funded: true, 'title received': state.facts.titleReceived, delivered: state.facts.delivered };
  const refund = state.facts.delivered ? state.facts.refundCents : 0;
  const postings = state.plan.releases
    .filter((release) => !state.released.includes(release.id) && triggered[release.when])
    .filter((release) => !payoffPending || release.id === 'lien payoff')
    .map((release) =>
      transfer(`release:${release.id}`, release.id, 'held', release.to, release.cents - (release.id === 'seller payout 2' ? refund : 0)),
    );
  if (refund > 0 && !payoffPending && !state.released.includes(DISPUTE_REFUND))
    postings.unshift(transfer(`release:${DISPUTE_REFUND}`, DISPUTE_REFUND, 'held', 'buyer', refund));
  return { postings, owedBySeller: 0 };
}
