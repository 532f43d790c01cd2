/**
 * A dealer's sales (issue 22): submitting one makes a deal in one database transaction — the
 * dealer as seller in the dealer-financing flow, the customer (by e-mail until they sign in) as
 * buyer in the payment-first flow — and, for a financed sale, the credit application as a request
 * to the dealer-lender, who answers by signed webhook. The SSN travels only in that request and
 * is dropped from it once the lender has taken it (provider-requests.ts); the sale keeps its last four.
 * A signed paper application waits instead ('unsent') for the dealer to upload it and send it
 * (signed-applications.ts): no SSN reaches us on that path.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  ssnLast4Of,
  type DealerSale,
  type LenderTerms,
  type SaleStructure,
  type SaleSubmission,
} from '../../../src/domain/dealer-contract';
import { checkVin } from '../../../src/domain/vin';
import { DEAL_KINDS } from '../../../src/domain/transaction-transitions';
import type { Database } from '../../db/client';
import { dealerSales } from '../../db/dealer-tables';
import { deals, transactions, vehicles } from '../../db/schema';
import { dealClosings } from '../../db/signing-tables';
import { disputes } from '../../db/dispute-tables';
import { saleFromRecords } from '../../../src/domain/sale-state';
import { dealAtPrice } from '../offers/deals';
import type { UserRow } from '../../kernel/access';
import { eventsOfMany, type Tx } from '../../kernel/event-log';
import { dealerPriceBreakdown } from '../../../src/domain/dealer-pricing';
import { foldStepData } from '../../../src/domain/step-data';
import { transportLabel } from '../../../src/domain/transport';
import type { UnitOfWork } from '../../kernel/unit-of-work';
import { DealerRefusal } from './dealerships';

/** Records a dealer's new sale with its deal (and, typed in, its credit application for the lender): the sale's id. */
export async function recordSale(uow: UnitOfWork, dealer: UserRow, sale: SaleSubmission): Promise<string> {
  const tx = uow.tx;
  const vin = checkVin(sale.vehicle.vin);
  if (!vin.ok) throw new DealerRefusal(409, vin.message);
  const customerEmail = sale.customer.email.toLowerCase();
  if (customerEmail === dealer.email.toLowerCase()) throw new DealerRefusal(409, 'The customer cannot be you.');
  const [vehicle] = await tx
    .insert(vehicles)
    .values({ vin: vin.vin, modelYear: vin.modelYear, make: vin.maker, mileage: sale.vehicle.mileage, confirmedAt: new Date() })
    .returning();
  const { dealId, transactionIds } = await dealAtPrice(
    uow,
    { vehicleId: vehicle!.id, sellerUserId: dealer.id, buyerEmail: customerEmail },
    sale.priceDollars,
    { kind: 'user', user: dealer },
    DEAL_KINDS['a dealer’s sale'],
  );
  const { application, signedApplication } = sale;
  const consentedAt = new Date().toISOString();
  const [row] = await tx
    .insert(dealerSales)
    .values({
      dealerUserId: dealer.id,
      dealId,
      kind: sale.kind,
      customerName: sale.customer.name,
      customerEmail,
      customerMobile: sale.customer.mobile,
      application: application
        ? {
            mode: 'typed',
            annualIncomeDollars: application.annualIncomeDollars,
            housing: application.housing,
            monthlyHousingDollars: application.monthlyHousingDollars,
            employer: application.employer,
            yearsEmployed: application.yearsEmployed,
            ssnLast4: ssnLast4Of(application.ssn),
            consentedAt,
          }
        : signedApplication && { mode: 'signed', customerSigned: true, consentedAt },
      decision: application ? 'pending' : signedApplication ? 'unsent' : null,
    })
    .returning();
  if (application)
    await uow.requestProvider({
      transactionId: transactionIds.seller,
      provider: 'dealer-lender',
      kind: 'credit application',
      body: {
        ssn: application.ssn,
        applicant: {
          name: sale.customer.name,
          annualIncomeDollars: application.annualIncomeDollars,
          housing: application.housing,
          monthlyHousingDollars: application.monthlyHousingDollars,
          employer: application.employer,
          yearsEmployed: application.yearsEmployed,
        },
        vehicle: { vin: vin.vin, modelYear: vin.modelYear, mileage: sale.vehicle.mileage },
        amountDollars: sale.priceDollars,
      },
    });
  return row!.id;
}

type StoredApplication = { mode?: 'typed' | 'signed'; ssnLast4?: string };

/** The dealer's sales, newest first (or the one named), as their screens read them. */
export async function salesOf(db: Database, dealerUserId: string, saleId?: string): Promise<DealerSale[]> {
  const rows = await db
    .select({ sale: dealerSales, deal: deals, vehicle: vehicles, transaction: transactions, closedAt: dealClosings.closedAt })
    .from(dealerSales)
    .innerJoin(deals, eq(deals.id, dealerSales.dealId))
    .innerJoin(vehicles, eq(vehicles.id, deals.vehicleId))
    .innerJoin(transactions, and(eq(transactions.dealId, deals.id), eq(transactions.side, 'seller')))
    .leftJoin(dealClosings, eq(dealClosings.dealId, deals.id))
    .where(and(eq(dealerSales.dealerUserId, dealerUserId), ...(saleId ? [eq(dealerSales.id, saleId)] : [])))
    .orderBy(desc(dealerSales.createdAt));
  const dealIds = rows.map((row) => row.deal.id);
  const [events, customers, cases] = await Promise.all([
    eventsOfMany(
      db,
      rows.map((row) => row.transaction.id),
    ),
    dealIds.length
      ? db
          .select({ dealId: transactions.dealId, status: transactions.status })
          .from(transactions)
          .where(and(inArray(transactions.dealId, dealIds), eq(transactions.side, 'buyer')))
      : [],
    dealIds.length
      ? db.select({ dealId: disputes.dealId, status: disputes.status }).from(disputes).where(inArray(disputes.dealId, dealIds))
      : [],
  ]);
  // The customer's part as it stands: the structure and the delivery the dealer booked (dealerPriceBreakdown).
  const customerPays = (sale: typeof dealerSales.$inferSelect, priceDollars: number, transactionId: string) => {
    const structure = (sale.structure as SaleStructure | null) ?? null;
    if (!structure) return null;
    const booking = foldStepData(events.filter((event) => event.transactionId === transactionId)).transport.booking;
    const transport = booking ? { label: transportLabel(booking), cents: booking.quote?.priceCents ?? 0 } : null;
    return dealerPriceBreakdown({ priceDollars, structure, transport }).dueAtSigningCents;
  };
  return rows.map(({ sale, deal, vehicle, transaction, closedAt }) => ({
    id: sale.id,
    dealId: deal.id,
    transactionId: transaction.id,
    kind: sale.kind,
    status: transaction.status,
    sale: saleFromRecords(
      deal,
      [transaction.status, customers.find((customer) => customer.dealId === deal.id)?.status],
      closedAt,
      cases.find((found) => found.dealId === deal.id)?.status ?? null,
    ),
    vehicle: { vin: vehicle.vin ?? '', modelYear: vehicle.modelYear, make: vehicle.make, mileage: vehicle.mileage },
    priceDollars: deal.priceDollars,
    customer: { name: sale.customerName, email: sale.customerEmail, mobile: sale.customerMobile },
    ssnLast4: (sale.application as StoredApplication | null)?.ssnLast4 ?? null,
    // Applications stored before the signed path were all typed in.
    applicationMode: sale.application ? ((sale.application as StoredApplication).mode ?? 'typed') : null,
    decision: sale.decision,
    terms: (sale.terms as LenderTerms | null) ?? null,
    structure: (sale.structure as SaleStructure | null) ?? null,
    reviewSubmittedAt: sale.reviewSubmittedAt?.toISOString() ?? null,
    customerPaysCents: customerPays(sale, deal.priceDollars, transaction.id),
    createdAt: sale.createdAt.toISOString(),
  }));
}

export async function saleOf(db: Database, dealerUserId: string, saleId: string): Promise<DealerSale> {
  const [sale] = await salesOf(db, dealerUserId, saleId);
  if (!sale) throw new DealerRefusal(404, 'Sale not found.');
  return sale;
}

/** The sale whose dealer's transaction is `transactionId` (a lender's webhook names that). */
export async function saleOfTransaction(db: Database | Tx, transactionId: string) {
  const [row] = await db
    .select({ sale: dealerSales, vehicle: vehicles })
    .from(dealerSales)
    .innerJoin(transactions, and(eq(transactions.dealId, dealerSales.dealId), eq(transactions.side, 'seller')))
    .innerJoin(deals, eq(deals.id, dealerSales.dealId))
    .innerJoin(vehicles, eq(vehicles.id, deals.vehicleId))
    .where(eq(transactions.id, transactionId));
  return row;
}
