/**
 * What a dealer does to get a sale funded, each a move of their transaction along the
 * dealer-financing table (SPEC §4.2): structure the deal (the term and down payment within the
 * lender's terms, and the products — "finance done", then "protection chosen" or "protection
 * skipped"); send the stipulations and the title, VIN plate and odometer photos to the lender for
 * its funding review, which answers by webhook with the vehicle verified; then go on to pickup or
 * delivery ("verification done"). Each takes the idempotency key the dealer's device made.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { slotsNeeded, structureOf, type DealerSale, type StructureRequest } from '../../../src/domain/dealer-contract';
import { DOCUMENT_SLOTS } from '../../../src/domain/document-slots';
import type { PartyEvent } from '../../../src/domain/transaction-transitions';
import type { Database } from '../../db/client';
import { dealerSales } from '../../db/dealer-tables';
import { transactionEvents, uploads } from '../../db/schema';
import { lockDeal } from '../money/settle';
import type { Providers } from '../../providers/providers';
import { followDeal } from '../../commands/follow-deal';
import { eventLog, lockTransaction, type Tx } from '../../kernel/event-log';
import { queueRequest } from '../../kernel/provider-requests';
import type { UserRow } from '../users/user-records';
import { saleOf } from './dealer-sales';
import { DealerRefusal } from './dealerships';

type Move = { event: PartyEvent; payload: Record<string, unknown> };

/**
 * Applies `moves` to the sale's dealer transaction in one database transaction, unless `key` was
 * applied before (a replay changes nothing); refused when the status does not take the first.
 */
async function moveSale(
  db: Database,
  providers: Providers,
  dealer: UserRow,
  sale: DealerSale,
  key: string,
  moves: Move[],
  also?: (tx: Tx) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockDeal(tx, sale.dealId);
    const locked = await lockTransaction(tx, sale.transactionId);
    const [replay] = await tx
      .select({ id: transactionEvents.id })
      .from(transactionEvents)
      .where(and(eq(transactionEvents.transactionId, locked.id), eq(transactionEvents.idempotencyKey, key)));
    if (replay) return;
    const log = eventLog(tx, locked);
    if (!log.takes(moves[0]!.event)) throw new DealerRefusal(409, 'This sale has moved on since you last saw it. We loaded the latest.');
    // Each event has a key of its own (one key, one event per transaction): the first the device's, then fresh ones.
    for (const [index, move] of moves.entries())
      await log.append(
        index === 0 ? { kind: 'party', userId: dealer.id, key } : { kind: 'party', userId: dealer.id, key: crypto.randomUUID() },
        move.event,
        move.payload,
      );
    await log.save();
    await also?.(tx);
    await followDeal(tx, providers, sale.dealId);
  });
}

export async function structureSale(db: Database, providers: Providers, dealer: UserRow, saleId: string, request: StructureRequest) {
  const sale = await saleOf(db, dealer.id, saleId);
  if (sale.decision === 'unsent') throw new DealerRefusal(409, 'Send the signed application to the lender first.');
  if (sale.decision === 'pending') throw new DealerRefusal(409, 'The lender has not decided yet.');
  if (sale.decision === 'declined') throw new DealerRefusal(409, 'The lender declined this application.');
  if (sale.kind === 'finance') {
    if (!request.termMonths) throw new DealerRefusal(409, 'Choose the loan term.');
    if (request.termMonths > sale.terms!.maxTermMonths)
      throw new DealerRefusal(409, `The lender allows terms up to ${sale.terms!.maxTermMonths} months.`);
    if ((request.downPaymentDollars ?? 0) >= sale.priceDollars)
      throw new DealerRefusal(409, 'The down payment must be less than the price.');
  }
  const structure = structureOf(
    { priceDollars: sale.priceDollars, kind: sale.kind, aprBasisPoints: sale.terms?.aprBasisPoints ?? null },
    request,
  );
  await moveSale(
    db,
    providers,
    dealer,
    sale,
    request.idempotencyKey,
    [
      { event: 'finance done', payload: { structure } },
      structure.products.length
        ? { event: 'protection chosen', payload: { products: structure.products } }
        : { event: 'protection skipped', payload: {} },
    ],
    async (tx) => void (await tx.update(dealerSales).set({ structure }).where(eq(dealerSales.id, sale.id))),
  );
  return saleOf(db, dealer.id, saleId);
}

export async function submitForReview(db: Database, dealer: UserRow, saleId: string) {
  const sale = await saleOf(db, dealer.id, saleId);
  if (sale.status !== 'protection_done') throw new DealerRefusal(409, 'Structure the deal before sending it for review.');
  const needed = slotsNeeded(sale.terms);
  const received = await db
    .select({ slot: uploads.slot, key: uploads.key, fileName: uploads.fileName })
    .from(uploads)
    .where(
      and(
        eq(uploads.transactionId, sale.transactionId),
        eq(uploads.status, 'completed'),
        eq(uploads.review, 'received'),
        inArray(uploads.slot, needed),
      ),
    );
  const missing = needed.filter((slot) => !received.some((upload) => upload.slot === slot));
  if (missing.length) throw new DealerRefusal(409, `Upload these first: ${missing.map((slot) => DOCUMENT_SLOTS[slot].label).join(', ')}.`);
  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(dealerSales)
      .set({ reviewSubmittedAt: sql`now()` })
      .where(and(eq(dealerSales.id, sale.id), isNull(dealerSales.reviewSubmittedAt)))
      .returning();
    // Sent once: a second press while the lender reviews changes nothing.
    if (!claimed) return;
    await queueRequest(tx, {
      transactionId: sale.transactionId,
      provider: 'dealer-lender',
      kind: 'funding review',
      body: { documents: received.map((upload) => ({ slot: upload.slot, documentKey: upload.key, fileName: upload.fileName })) },
    });
  });
  return saleOf(db, dealer.id, saleId);
}

export async function continueToTransport(db: Database, providers: Providers, dealer: UserRow, saleId: string, key: string) {
  const sale = await saleOf(db, dealer.id, saleId);
  await moveSale(db, providers, dealer, sale, key, [{ event: 'verification done', payload: {} }]);
  return saleOf(db, dealer.id, saleId);
}
