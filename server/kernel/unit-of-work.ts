/**
 * The unit of work (DESIGN.md §13): the only way the server changes state. One database
 * transaction, in this order: lock the deal (always before any of its transactions, so two
 * commands on one deal never deadlock), claim the idempotency key (a repeat answers what the first
 * was answered; another request under the same key is refused), let the command decide — append
 * events, change its module's rows, say what happened — then let what follows on the deal follow
 * (its money, its closing …), record every change to what a party sees in their log (so their
 * version rises), and write every effect: the live notices of everyone whose view changed, and,
 * through the subscribers, the notifications and their mail. Nothing leaves the process before
 * the commit; after it, the dispatcher is woken to deliver the outbox and the live hubs to read the notices.
 */
import { eq, sql } from 'drizzle-orm';
import type { Side } from '../../src/domain/parties';
import type { ViewChangeEvent } from '../../src/domain/transaction-transitions';
import type { Database } from '../db/client';
import type { JsonRow } from '../db/json-rows';
import { preparedStatement } from '../db/prepared';
import { deals, transactions } from '../db/schema';
import { dealChanges, dealNotices, negotiationChanges, threadChanges } from './announce';
import { dealSides, sidesOf, type DealSides } from './deal-sides';
import type { DomainEvent, DomainEventName, DomainEvents, EffectWriter, Subscribers } from './domain-events';
import { EventLog, stepDataOfRow, type Tx } from './event-log';
import { claimKey, earlierAnswer, settleKey, type CommandKey } from './idempotency';
import { recordChanges, type Change, type FeedEntry } from './live-feed';
import { requeue } from './outbox';
import { sideRecipients, writeNotification, type Notice, type Recipient } from './notify';
import { enqueueMessagePushes } from './push-queue';
import { recordRequest, type ProviderRequestDraft } from './provider-requests';
import { lastStatement, type LastRead } from './last-statement';
import { Refusal } from './refusal';
import { lockTransaction, type DealParty } from './transaction-lock';

export type DealRow = typeof deals.$inferSelect;

export interface UnitOfWorkDeps {
  db: Database;
  /** What follows any change on a deal (commands/follow-deal.ts): run until the deal stops moving. */
  follow?: (uow: UnitOfWork, dealId: string) => Promise<void>;
  /** Who is told what, for each domain event (effects/subscriptions.ts). */
  subscribers?: Subscribers;
  /** After a commit that wrote to the outbox: the dispatcher delivers it. */
  committed?: () => void;
  /** After a commit that wrote live notices, with them: this process's live hub delivers them, the others read them (live-feed.ts). */
  liveWritten?: (entries: FeedEntry[]) => void;
  /** Runs last before the commit; a test makes it throw to prove nothing of the command survives. */
  beforeCommit?: (uow: UnitOfWork) => Promise<void>;
}

export interface WorkPlan {
  /** The deal the command changes, locked first. */
  dealId?: string;
  /** Or the transaction it changes: its deal and sides are locked and read, and the key claimed, in one statement. */
  transactionId?: string;
  /** The caller's idempotency key and what it stands for. */
  key?: CommandKey;
  /** What the command answers with, read in the unit of work's last statement (last-statement.ts; with `transactionId`). */
  lastRead?: LastRead;
}

const dealForUpdate = preparedStatement('deal_for_update', (db) =>
  db
    .select()
    .from(deals)
    .where(eq(deals.id, sql.placeholder('dealId')))
    .for('update'),
);

const transactionForUpdate = preparedStatement('transaction_for_update', (db) =>
  db
    .select()
    .from(transactions)
    .where(eq(transactions.id, sql.placeholder('id')))
    .for('update'),
);

/** Rounds of following a deal before giving up: each round's moves may set off the next (a title approved verifies the buyer's car). */
const FOLLOW_ROUNDS = 5;

export class UnitOfWork {
  private readonly dealRows = new Map<string, DealRow>();
  private readonly logs = new Map<string, EventLog>();
  private readonly sideViews = new Map<string, DealSides>();
  /** The parties of deals locked through one of their transactions, read with the lock. */
  private readonly parties = new Map<string, DealParty[]>();
  private readonly events: DomainEvent[] = [];
  /** Deals something happened to, with what each side now sees differently. */
  private readonly touched = new Map<string, Map<ViewChangeEvent, Set<Side>>>();
  private effects = false;

  constructor(
    readonly tx: Tx,
    private readonly deps: UnitOfWorkDeps,
  ) {}

  /** Locks the deal for the rest of the unit of work (the first lock any command on it takes). */
  async lockDeal(dealId: string): Promise<DealRow> {
    const known = this.dealRows.get(dealId);
    if (known) return known;
    const [row] = await dealForUpdate(this.tx, { dealId });
    if (!row) throw new Refusal(404, 'Deal not found.');
    this.dealRows.set(dealId, row);
    return row;
  }

  /**
   * Locks transaction `id`'s deal and both its sides and claims `key`, in one statement
   * (transaction-lock.ts); their logs, the deal's sides and its parties are known from then on.
   * Whether the key was claimed now (false: it is a repeat).
   */
  async lockTransaction(id: string, key?: CommandKey): Promise<boolean> {
    const locked = await lockTransaction(this.tx, id, key);
    if (!locked) throw new Refusal(404, 'Transaction not found.');
    const dealId = locked.deal.id;
    this.dealRows.set(dealId, locked.deal);
    const sides = await sidesOf(this.tx, locked.sides);
    for (const side of [sides.buyer, sides.seller]) if (side) this.logs.set(side.row.id, new EventLog(this.tx, side.row, side.data));
    this.sideViews.set(dealId, sides);
    this.parties.set(dealId, locked.parties);
    return locked.claimed;
  }

  /** The deal's row as this unit of work changed it (`dealUpdated` keeps it current). */
  deal(dealId: string): DealRow {
    const row = this.dealRows.get(dealId);
    if (!row) throw new Error(`deal ${dealId} is not locked by this unit of work`);
    return row;
  }

  /** Changes the deal's own row (cancelled, title received …), locked already. */
  async updateDeal(dealId: string, values: Partial<Omit<DealRow, 'id'>>): Promise<DealRow> {
    await this.lockDeal(dealId);
    const [row] = await this.tx.update(deals).set(values).where(eq(deals.id, dealId)).returning();
    this.dealRows.set(dealId, row!);
    this.touch(dealId);
    return row!;
  }

  /** The transaction's log, its row locked after its deal's. */
  async transaction(id: string, dealId?: string): Promise<EventLog> {
    const known = this.logs.get(id);
    if (known) return known;
    let deal = dealId;
    if (!deal) {
      const [found] = await this.tx.select({ dealId: transactions.dealId }).from(transactions).where(eq(transactions.id, id));
      if (!found) throw new Refusal(404, 'Transaction not found.');
      deal = found.dealId;
    }
    await this.lockDeal(deal);
    const [row] = await transactionForUpdate(this.tx, { id });
    if (!row) throw new Refusal(404, 'Transaction not found.');
    const log = new EventLog(this.tx, row, await stepDataOfRow(this.tx, row));
    this.logs.set(id, log);
    return log;
  }

  /** Both sides' logs of the deal (a side not made yet is missing). */
  async sides(dealId: string): Promise<Partial<Record<Side, EventLog>>> {
    await this.lockDeal(dealId);
    const known = this.sideViews.get(dealId);
    const rows = known
      ? [known.buyer, known.seller].flatMap((side) => (side ? [side.row] : []))
      : await this.tx
          .select({ id: transactions.id, side: transactions.side })
          .from(transactions)
          .where(eq(transactions.dealId, dealId))
          .orderBy(transactions.side);
    const found: Partial<Record<Side, EventLog>> = {};
    for (const row of rows) found[row.side] = await this.transaction(row.id, dealId);
    return found;
  }

  /**
   * Both sides of the deal as its rules read them (deal-sides.ts): read once in this unit of work,
   * then kept up with what its logs append and save — what a read now would answer, without the
   * round trips. Only for rules that run once the deal's transactions exist (no command adds a side after them).
   */
  async dealSides(dealId: string): Promise<DealSides> {
    await this.lockDeal(dealId);
    if (!this.sideViews.has(dealId)) this.sideViews.set(dealId, await dealSides(this.tx, dealId));
    return this.knownSides(dealId)!;
  }

  /**
   * The deal's sides as this unit of work left them, without reading (undefined when it never read
   * them): after the commit, what a read would answer then, for a command's answer.
   */
  knownSides(dealId: string): DealSides | undefined {
    const sides = this.sideViews.get(dealId);
    if (!sides) return undefined;
    for (const name of ['buyer', 'seller'] as const) {
      const side = sides[name];
      const log = side && this.logs.get(side.row.id);
      if (log) sides[name] = { row: log.row, data: log.data };
    }
    return sides;
  }

  /** Says what happened; the subscribers hear it before the commit. */
  emit<K extends DomainEventName>(name: K, payload: DomainEvents[K]): void {
    this.events.push({ name, payload } as DomainEvent);
  }

  /**
   * Something of the deal changed that its sides (both, unless `sides` says) see differently
   * (`what`), or only its rules must look again (no `what`).
   */
  touch(dealId: string, what?: ViewChangeEvent, sides: readonly Side[] = ['buyer', 'seller']): void {
    const changes = this.touched.get(dealId) ?? new Map<ViewChangeEvent, Set<Side>>();
    if (what) changes.set(what, new Set([...(changes.get(what) ?? []), ...sides]));
    this.touched.set(dealId, changes);
  }

  /** A request to a provider that answers later, handed over after the commit. */
  async requestProvider(request: ProviderRequestDraft): Promise<void> {
    await recordRequest(this.tx, request);
    this.effects = true;
  }

  /** An effect given up on tried again now: the dispatcher is woken after the commit. */
  async requeueEffect(id: number): Promise<boolean> {
    const requeued = await requeue(this.tx, id);
    this.effects ||= requeued;
    return requeued;
  }

  /** Stores every log's status and version, so the rules read what this unit of work decided. */
  async save(): Promise<void> {
    for (const log of this.logs.values()) await log.save();
  }

  /** After the command decided: follow, record the view changes, save, tell. Whether it wrote effects, and the live notices to write. */
  async finish(): Promise<{ effects: boolean; changes: Change[] }> {
    await this.followDeals();
    // A side whose log grew already has a new version; the other hears of the change by its own.
    for (const [dealId, changes] of this.touched) {
      if (!changes.size) continue;
      const sides = await this.sides(dealId);
      for (const log of Object.values(sides)) {
        if (log.appended.length) continue;
        for (const [what, seen] of changes) if (seen.has(log.row.side)) await log.append({ kind: 'provider' }, what, {});
      }
    }
    await this.save();
    for (const log of this.logs.values()) {
      if (!log.appended.length) continue;
      this.emit('transaction.changed', {
        dealId: log.row.dealId,
        transactionId: log.row.id,
        side: log.row.side,
        flow: log.row.flow,
        from: log.before.status,
        to: log.status,
        version: log.version,
        events: log.appended.map((entry) => entry.event),
      });
    }
    // Told first: the notifications and pushes it writes are effects too, and wake the dispatcher.
    const changes = await this.tell();
    return { effects: this.effects, changes };
  }

  /** The notices of deals that moved: made from the parties and sides read with the lock, or read now. */
  private async movedDealNotices(dealIds: string[], moved: Set<string>): Promise<Change[]> {
    const known = dealIds.filter((dealId) => this.parties.has(dealId) && this.sideViews.has(dealId));
    const sides = known.flatMap((dealId) =>
      Object.values(this.knownSides(dealId)!).flatMap((side) => (side ? [{ ...side.row, dealId }] : [])),
    );
    const parties = known.flatMap((dealId) => this.parties.get(dealId)!.map((party) => ({ ...party, dealId })));
    return [
      ...dealNotices(parties, sides, moved),
      ...(await dealChanges(
        this.tx,
        dealIds.filter((dealId) => !known.includes(dealId)),
        moved,
      )),
    ];
  }

  /** Runs the deals' rules until no status moves any more. */
  private async followDeals(): Promise<void> {
    await this.save();
    if (!this.deps.follow) return;
    const statuses = () => [...this.logs.values()].map((log) => `${log.row.id}:${log.status}`).join();
    for (let round = 0; round < FOLLOW_ROUNDS; round += 1) {
      const before = statuses();
      const moved = [...this.logs.values()].filter((log) => log.appended.length).map((log) => log.row.dealId);
      for (const dealId of new Set([...this.touched.keys(), ...moved])) await this.deps.follow(this, dealId);
      await this.save();
      if (statuses() === before) return;
    }
    throw new Error('a deal kept moving after following it five times: a rule sets off itself');
  }

  /** The subscribers' notifications and everyone's live notices, in this transaction. */
  private async tell(): Promise<Change[]> {
    const live: Change[] = [];
    const writer: EffectWriter = {
      tx: this.tx,
      notify: async (to: Recipient, notice: Notice) => {
        const written = await writeNotification(this.tx, to, notice);
        if (!written) return;
        this.effects = true;
        if (written.live) live.push(written.live);
      },
      notifySide: async (dealId: string, side: Side, notice: Notice) => {
        for (const recipient of await sideRecipients(this.tx, dealId, side)) await writer.notify(recipient, notice);
      },
      pushMessage: async (messageId: string) => {
        if (await enqueueMessagePushes(this.tx, messageId)) this.effects = true;
      },
    };
    for (const event of this.events)
      for (const subscriber of this.deps.subscribers?.[event.name] ?? [])
        await (subscriber as (effects: EffectWriter, payload: unknown) => Promise<void>)(writer, event.payload);

    const moved = new Set<string>();
    const movedDeals = new Set<string>();
    const openedDeals = new Set<string>();
    const negotiations = new Set<string>();
    const threads = new Set<string>();
    for (const event of this.events) {
      if (event.name === 'message.sent' || event.name === 'thread.seen') threads.add(event.payload.negotiationId);
      if (event.name === 'transaction.changed') {
        moved.add(event.payload.transactionId);
        movedDeals.add(event.payload.dealId);
      }
      if (event.name === 'deal.opened' || event.name === 'deal.joined') openedDeals.add(event.payload.dealId);
      if (event.name === 'negotiation.changed') negotiations.add(event.payload.negotiationId);
    }
    return [
      ...(await dealChanges(this.tx, [...openedDeals], 'all')),
      ...(await this.movedDealNotices(
        [...movedDeals].filter((dealId) => !openedDeals.has(dealId)),
        moved,
      )),
      ...(await negotiationChanges(this.tx, [...negotiations])),
      ...(await threadChanges(this.tx, [...threads])),
      ...live,
    ];
  }
}

/**
 * Runs `decide` as one unit of work: what it answers, and whether it was a repeat of a key (then
 * `decide` did not run and the answer is the first one's).
 */
export async function unitOfWork<T>(
  deps: UnitOfWorkDeps,
  plan: WorkPlan,
  decide: (uow: UnitOfWork) => Promise<T>,
): Promise<{ result: T; replayed: boolean; read?: JsonRow | null }> {
  const outcome = await deps.db.transaction(async (tx) => {
    const uow = new UnitOfWork(tx, deps);
    let earlier: { answer: unknown } | undefined;
    if (plan.transactionId) {
      const claimed = await uow.lockTransaction(plan.transactionId, plan.key);
      if (plan.key && !claimed) earlier = await earlierAnswer(tx, plan.key);
    } else {
      if (plan.dealId) await uow.lockDeal(plan.dealId);
      if (plan.key) earlier = await claimKey(tx, plan.key);
    }
    if (earlier) return { result: earlier.answer as T, replayed: true, effects: false, live: [] };
    const result = await decide(uow);
    const { effects, changes } = await uow.finish();
    let live: FeedEntry[];
    let read: JsonRow | null | undefined;
    if (plan.lastRead && plan.transactionId) {
      const { dealId } = (await uow.transaction(plan.transactionId)).row;
      const of = { dealId, transactionId: plan.transactionId };
      ({ live, read } = await lastStatement(tx, plan.lastRead, { changes, key: plan.key, answer: result }, of));
    } else {
      live = await recordChanges(tx, changes);
      if (plan.key) await settleKey(tx, plan.key, result);
    }
    await deps.beforeCommit?.(uow);
    return { result, replayed: false, effects, live, read };
  });
  if (outcome.effects) deps.committed?.();
  if (outcome.live.length) deps.liveWritten?.(outcome.live);
  return { result: outcome.result, replayed: outcome.replayed, read: outcome.read };
}
