/**
 * What a dealer does to get a sale funded, each a move of their transaction along the
 * dealer-financing table (SPEC §4.2): structure the deal (the term and down payment within the
 * lender's terms, and the products — "finance done", then "protection chosen" or "protection
 * skipped"); send the stipulations and the title, VIN plate and odometer photos to the lender for
 * its funding review, which answers by webhook with the vehicle verified; then go on to pickup or
 * delivery ("verification done").
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { slotsNeeded, structureOf, type DealerSale, type SaleStructure, type StructureRequest } from '../../../src/domain/dealer-contract';
import { DOCUMENT_SLOTS } from '../../../src/domain/document-slots';
import type { PartyEvent } from '../../../src/domain/transaction-transitions';
import type { Database } from '../../db/client';
import { dealerSales } from '../../db/dealer-tables';
import { uploads } from '../../db/schema';
import type { UserRow } from '../../kernel/access';
import type { UnitOfWork } from '../../kernel/unit-of-work';
import { DealerRefusal } from './dealerships';

type Move = { event: PartyEvent; payload: Record<string, unknown> };

/** Moves the sale's dealer transaction by `moves`; refused when its status does not take the first. */
export async function moveSale(uow: UnitOfWork, dealer: UserRow, sale: DealerSale, key: string, moves: Move[]): Promise<void> {
  const log = await uow.transaction(sale.transactionId, sale.dealId);
  if (!log.takes(moves[0]!.event)) throw new DealerRefusal(409, 'This sale has moved on since you last saw it. We loaded the latest.');
  // The device's key goes with the first event; the ones that follow from it have none of their own.
  for (const [index, move] of moves.entries())
    await log.append({ kind: 'party', userId: dealer.id, ...(index === 0 && { key }) }, move.event, move.payload);
}

/** The structure the dealer asks for, checked against the lender's decision and terms. */
export function checkedStructure(sale: DealerSale, request: StructureRequest): SaleStructure {
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
  return structureOf({ priceDollars: sale.priceDollars, kind: sale.kind, aprBasisPoints: sale.terms?.aprBasisPoints ?? null }, request);
}

/** Keeps the structure with the sale. */
export async function recordStructure(uow: UnitOfWork, sale: DealerSale, structure: SaleStructure): Promise<void> {
  await uow.tx.update(dealerSales).set({ structure }).where(eq(dealerSales.id, sale.id));
}

/** The documents the lender's funding review needs, each uploaded and received; refused while one is missing. */
export async function documentsForReview(db: Database, sale: DealerSale) {
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
  return received;
}

/** Sends the documents for the lender's funding review, once: a second press while the lender reviews changes nothing. */
export async function sendForReview(uow: UnitOfWork, sale: DealerSale, documents: { slot: string; key: string; fileName: string }[]) {
  const [claimed] = await uow.tx
    .update(dealerSales)
    .set({ reviewSubmittedAt: sql`now()` })
    .where(and(eq(dealerSales.id, sale.id), isNull(dealerSales.reviewSubmittedAt)))
    .returning();
  if (!claimed) return;
  uow.touch(sale.dealId, 'lender decided');
  await uow.requestProvider({
    transactionId: sale.transactionId,
    provider: 'dealer-lender',
    kind: 'funding review',
    body: { documents: documents.map((upload) => ({ slot: upload.slot, documentKey: upload.key, fileName: upload.fileName })) },
  });
}
