/**
 * No money without a way out (DESIGN.md §5): for every kind of deal, from every state its two flow
 * tables, the delivery table and the handover rule can reach, money the product holds must have a
 * way — without anyone cancelling the sale — to a state in which the ledger's rules have paid it
 * all out or refunded it. A cancellation does not count: it refunds the buyer, but the seller whose
 * sale went through would never be paid.
 *
 * The model is deliberately generous about what can happen next (each side moves along its own
 * table, whatever the other does), so a state it calls stuck is one no event of the product can
 * free. The money is the ledger's own rules (`duePostings`) run over a plan with a line of every
 * kind; tests/unit/money-exits.test.ts runs it in CI, and on broken tables to show it fails.
 */
import { hasPaid, hasSigned } from './deal-facts';
import {
  DELIVERY_TRANSITIONS,
  whyNoHandover,
  type DeliveryEvent,
  type DeliveryState,
  type HandoverArrangement,
  type HandoverEvent,
} from './delivery';
import { balancesOf, duePostings, type JournalLine } from './ledger-rules';
import type { PriceBreakdown } from './pricing';
import type { SellerPayout } from './seller-pricing';
import { settlementPlan, type ReleaseId, type SettlementPlan } from './settlement';
import type { Flow, TransactionStatus } from './transaction-flows';
import { DEAL_KINDS, FIRST_STATUS, FLOW_TRANSITIONS, type TransactionEvent } from './transaction-transitions';

type Table = Partial<Record<TransactionStatus, Partial<Record<TransactionEvent, TransactionStatus>>>>;
type DeliveryTable = Record<DeliveryState, Partial<Record<DeliveryEvent, DeliveryState>>>;

export interface MoneyModel {
  flows: Record<Flow, Table>;
  delivery: DeliveryTable;
  deals: Record<string, { buyer: Flow; seller: Flow }>;
  handover: typeof whyNoHandover;
}

export const PRODUCT_MODEL: MoneyModel = {
  flows: FLOW_TRANSITIONS,
  delivery: DELIVERY_TRANSITIONS,
  deals: DEAL_KINDS,
  handover: whyNoHandover,
};

interface State {
  buyer: TransactionStatus;
  seller: TransactionStatus;
  delivery: DeliveryState;
  arrangement: HandoverArrangement;
  titleReceived: boolean;
}

const keyOf = (state: State) => `${state.buyer}|${state.seller}|${state.delivery}|${state.arrangement}|${state.titleReceived}`;

/** A sale with a line of every kind the ledger releases: a lien, both payouts, transport, taxes, a care plan, fees. */
const lines = { transport: 50_000, 'sales tax': 90_000, 'title and registration': 10_000, protection: 120_000, 'platform fee': 30_000 };
const BREAKDOWN = {
  lines: Object.entries(lines).map(([id, cents]) => ({ id, label: id, cents })),
  totalCents: 2_300_000,
  financing: null,
  dueAtSigningCents: 2_300_000,
  lienPayoff: { lender: 'A lender', cents: 500_000 },
} as PriceBreakdown;
const PAYOUT = { lines: [], payoffCents: 500_000, feeCents: 0, payoutCents: 1_500_000, bringCents: 0, feeReasons: [] } as SellerPayout;
const PLAN: SettlementPlan = settlementPlan(BREAKDOWN, PAYOUT);

/** What the product holds at `state`, once the ledger's rules have moved all they would. */
export function heldAt(state: State, plan: SettlementPlan = PLAN): number {
  const journals: { lines: JournalLine[] }[] = [];
  const released: ReleaseId[] = [];
  // The buyer's payment is in once their payment step is behind them (a returned one takes them back to it).
  if (hasPaid(state.buyer))
    journals.push({
      lines: [
        { account: 'buyer', cents: -plan.collections[0]!.cents },
        { account: 'held', cents: plan.collections[0]!.cents },
      ],
    });
  const facts = {
    signed: hasSigned(state.buyer) && hasSigned(state.seller),
    titleReceived: state.titleReceived,
    delivered: state.delivery === 'confirmed',
    refundCents: 0,
    // A full refund after a case unwinds the sale's money as a cancellation without a fee does.
    cancelled: state.delivery === 'refunded' ? { feeCents: 0 } : null,
  };
  for (let round = 0; round < 20; round += 1) {
    const due = duePostings({ plan, balances: balancesOf(journals), released, facts, journalCount: journals.length });
    // What a seller owes back is collected from them first (settle.ts), then the refunds follow.
    if (due.owedBySeller > 0)
      journals.push({
        lines: [
          { account: 'seller', cents: -due.owedBySeller },
          { account: 'held', cents: due.owedBySeller },
        ],
      });
    else if (!due.postings.length) break;
    for (const posting of due.postings) {
      journals.push(posting);
      if (posting.key.startsWith('release:')) released.push(posting.reason as ReleaseId);
    }
  }
  return balancesOf(journals).held ?? 0;
}

/** Every state one event leads to from `state`, in a deal whose sides follow `flows`. */
function successors(model: MoneyModel, flows: { buyer: Flow; seller: Flow }, state: State): State[] {
  const next: State[] = [];
  const bothSigned = hasSigned(state.buyer) && hasSigned(state.seller);
  const paid = hasPaid(state.buyer);
  for (const side of ['buyer', 'seller'] as const)
    for (const [event, to] of Object.entries(model.flows[flows[side]][state[side]] ?? {}) as [TransactionEvent, TransactionStatus][]) {
      if (event === 'vehicle received') continue; // a handover: the delivery table's
      const moved = { ...state, [side]: to };
      // A booking is a vendor's delivery or a pickup at the seller's.
      if (event === 'transport booked') next.push({ ...moved, arrangement: 'vendor delivery' }, { ...moved, arrangement: 'pickup' });
      else next.push(moved);
    }
  // With no transport step in either flow, the parties arrange the handover themselves.
  const transportStep = [flows.buyer, flows.seller].some((flow) =>
    Object.values(model.flows[flow]).some((moves) => moves !== undefined && 'transport booked' in moves),
  );
  if (!transportStep && state.arrangement === 'none') next.push({ ...state, arrangement: 'arranged' });
  if (bothSigned && paid && !state.titleReceived) next.push({ ...state, titleReceived: true });
  for (const [event, to] of Object.entries(model.delivery[state.delivery]) as [DeliveryEvent, DeliveryState][]) {
    if (state.delivery === 'waiting for handover') {
      const refusal = model.handover(event as HandoverEvent, {
        buyerTakesReceipt: model.flows[flows.buyer][state.buyer]?.['vehicle received'] !== undefined,
        bothSigned,
        paid,
        arrangement: state.arrangement,
      });
      if (refusal) continue;
    }
    next.push({ ...state, delivery: to });
  }
  return next;
}

export interface StuckMoney {
  deal: string;
  buyer: TransactionStatus;
  seller: TransactionStatus;
  delivery: DeliveryState;
  arrangement: HandoverArrangement;
  heldCents: number;
}

/** The states of each kind of deal in which the product holds money that no event can ever pay out or refund (none, for a sound model). */
export function stuckMoney(model: MoneyModel = PRODUCT_MODEL): { stuck: StuckMoney[]; statesWalked: number } {
  const stuck: StuckMoney[] = [];
  let statesWalked = 0;
  for (const [deal, flows] of Object.entries(model.deals)) {
    const first: State = {
      buyer: FIRST_STATUS[flows.buyer],
      seller: FIRST_STATUS[flows.seller],
      delivery: 'waiting for handover',
      arrangement: 'none',
      titleReceived: false,
    };
    // Every reachable state, with the states each one leads to.
    const states = new Map<string, { state: State; next: string[]; held: number }>();
    const queue = [first];
    states.set(keyOf(first), { state: first, next: [], held: 0 });
    while (queue.length) {
      const state = queue.pop()!;
      const entry = states.get(keyOf(state))!;
      entry.held = heldAt(state);
      for (const to of successors(model, flows, state)) {
        const key = keyOf(to);
        entry.next.push(key);
        if (!states.has(key)) {
          states.set(key, { state: to, next: [], held: 0 });
          queue.push(to);
        }
      }
    }
    statesWalked += states.size;
    // The states with a way out: holding nothing, or leading to one that has a way out.
    const free = new Set([...states].filter(([, entry]) => entry.held === 0).map(([key]) => key));
    for (let grew = true; grew;) {
      grew = false;
      for (const [key, entry] of states)
        if (!free.has(key) && entry.next.some((to) => free.has(to))) {
          free.add(key);
          grew = true;
        }
    }
    for (const [key, { state, held }] of states)
      if (!free.has(key))
        stuck.push({
          deal,
          buyer: state.buyer,
          seller: state.seller,
          delivery: state.delivery,
          arrangement: state.arrangement,
          heldCents: held,
        });
  }
  return { stuck, statesWalked };
}
