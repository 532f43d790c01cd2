/**
 * A customer's credit application signed on paper (issue 22): the sale was submitted without the
 * typed fields and waits ('unsent') until the dealer has uploaded the signed copy into the
 * dealer's transaction and sends it. It then goes to the dealer-lender as a document reference —
 * no SSN passes through us — and the decision comes back by the same signed webhook as a typed one.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { SIGNED_APPLICATION_SLOT, type DealerSale } from '../../../src/domain/dealer-contract';
import type { Database } from '../../db/client';
import { dealerSales } from '../../db/dealer-tables';
import { uploads } from '../../db/schema';
import type { UnitOfWork } from '../../kernel/unit-of-work';
import { DealerRefusal } from './dealerships';

/** The uploaded signed application the sale sends; refused when the sale has none to send. */
export async function signedApplicationOf(db: Database, sale: DealerSale) {
  if (sale.applicationMode !== 'signed') throw new DealerRefusal(409, 'This sale has no signed application to send.');
  const [document] = await db
    .select({ key: uploads.key, fileName: uploads.fileName, contentType: uploads.contentType })
    .from(uploads)
    .where(
      and(
        eq(uploads.transactionId, sale.transactionId),
        eq(uploads.slot, SIGNED_APPLICATION_SLOT),
        eq(uploads.status, 'completed'),
        eq(uploads.review, 'received'),
      ),
    )
    .orderBy(desc(uploads.completedAt))
    .limit(1);
  if (!document) throw new DealerRefusal(409, 'Upload the signed credit application before sending it to the lender.');
  return document;
}

/** Sends the signed application to the lender, once: a second press while it is sent changes nothing. */
export async function sendApplication(uow: UnitOfWork, sale: DealerSale, document: { key: string; fileName: string; contentType: string }) {
  const tx = uow.tx;
  const reference = { documentKey: document.key, fileName: document.fileName, contentType: document.contentType };
  const [claimed] = await tx
    .update(dealerSales)
    .set({
      decision: 'pending',
      application: sql`${dealerSales.application} || ${JSON.stringify({ document: reference, sentAt: new Date().toISOString() })}::jsonb`,
    })
    .where(and(eq(dealerSales.id, sale.id), eq(dealerSales.decision, 'unsent')))
    .returning();
  if (!claimed) return;
  uow.touch(sale.dealId, 'lender decided');
  await uow.requestProvider({
    transactionId: sale.transactionId,
    provider: 'dealer-lender',
    kind: 'credit application',
    body: {
      document: reference,
      applicant: { name: sale.customer.name },
      vehicle: { vin: sale.vehicle.vin, modelYear: sale.vehicle.modelYear, mileage: sale.vehicle.mileage },
      amountDollars: sale.priceDollars,
    },
  });
}
