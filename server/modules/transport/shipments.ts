/**
 * The deal's shipment (SPEC §2.3 track-delivery, §2.4 transport/status): quotes asked of the
 * vendors and kept, so a booking names one and its price is the vendor's; a booking that
 * replaces another cancels it with its vendor; the vendor's webhooks move a delivery only
 * forward; a pickup is handed over when the buyer says they have the car.
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Address } from '../../../src/domain/payload-fields';
import type { StepData } from '../../../src/domain/transaction-contract';
import type { HandoverArrangement } from '../../../src/domain/delivery';
import {
  DELIVERY_MILESTONES,
  type Appointment,
  type BookedTransport,
  type Shipment,
  type ShipmentStatus,
  type TransportQuote,
} from '../../../src/domain/transport';
import type { Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { dealerOfDeal } from '../dealers/dealerships';
import type { DealSides } from '../../kernel/deal-sides';
import { shipments, shipmentUpdates, transportQuotes } from '../../db/transport-tables';
import type { Providers } from '../../providers/providers';
import { TransactionRefusal } from '../../kernel/access';
import type { TransactionRow, Tx } from '../../kernel/event-log';
import type { UnitOfWork } from '../../kernel/unit-of-work';

export type ShipmentRow = typeof shipments.$inferSelect;

/** Where the car is collected: the seller's pickup address, else the address they verified. */
export const pickupAddressOf = (seller: StepData | undefined): Address | null =>
  seller?.identity.pickupAddress ?? seller?.identity.address ?? null;

/** Where the deal's car is: a dealer's sale is on the dealership's lot; anyone else's where the seller said. */
export async function carLocationOf(db: Database | Tx, dealId: string, seller: DealSides['seller']): Promise<Address | null> {
  if (seller?.row.flow !== 'dealer-financing') return pickupAddressOf(seller?.data);
  return (await dealerOfDeal(db, dealId))?.lot ?? null;
}

export const NO_PICKUP_ADDRESS =
  'Your seller has not confirmed where the car is yet, so delivery cannot be priced. Choose pickup, or come back once they have: we will e-mail you.';

/** Quotes from every vendor for taking the car from the seller's address to `to`. */
export async function askQuotes(
  providers: Providers,
  vehicle: { vin: string; modelYear: number },
  from: Address | null,
  to: Address,
): Promise<{ quotes: TransportQuote[]; unavailable: string[] }> {
  if (!from) throw new TransactionRefusal(422, NO_PICKUP_ADDRESS);
  return providers.transport.quotes({ pickupZip: from.postalCode, dropoffZip: to.postalCode, vehicle });
}

/** Keeps the quotes given to the buyer, so a booking names one of them and its price is the vendor's. */
export async function keepQuotes(tx: Tx, buyer: TransactionRow, quotes: TransportQuote[], from: Address, to: Address): Promise<void> {
  if (!quotes.length) return;
  await tx.insert(transportQuotes).values(
    quotes.map((quote) => ({
      id: quote.id,
      transactionId: buyer.id,
      vendor: quote.vendor,
      carrier: quote.carrier,
      priceCents: quote.priceCents,
      miles: quote.miles,
      pickupWindow: quote.pickupWindow,
      deliveryWindow: quote.deliveryWindow,
      fromAddress: from,
      toAddress: to,
      expiresAt: new Date(quote.expiresAt),
    })),
  );
}

const liveShipmentOf = preparedStatement('live_shipment', (db) =>
  db
    .select()
    .from(shipments)
    .where(and(eq(shipments.dealId, sql.placeholder('dealId')), ne(shipments.status, 'cancelled'))),
);

/** The quote a delivery booking names, as the vendor gave it, with the address it was for. */
export async function bookedQuote(db: Database, buyer: TransactionRow, quoteId: string) {
  const [row] = await db
    .select()
    .from(transportQuotes)
    .where(and(eq(transportQuotes.id, quoteId), eq(transportQuotes.transactionId, buyer.id)));
  if (!row) throw new TransactionRefusal(422, 'That delivery quote is not one we gave you. Ask for quotes again.');
  if (row.expiresAt < new Date()) throw new TransactionRefusal(422, 'That delivery quote has expired. Ask for quotes again.');
  const quote: TransportQuote = {
    id: row.id,
    vendor: row.vendor,
    carrier: row.carrier,
    priceCents: row.priceCents,
    miles: row.miles,
    pickupWindow: row.pickupWindow as TransportQuote['pickupWindow'],
    deliveryWindow: row.deliveryWindow as TransportQuote['deliveryWindow'],
    expiresAt: row.expiresAt.toISOString(),
  };
  return { quote, deliveryAddress: row.toAddress as Address };
}

export async function liveShipment(db: Database | Tx, dealId: string): Promise<ShipmentRow | undefined> {
  const [row] = await liveShipmentOf(db, { dealId });
  return row;
}

/** Calls off the deal's live shipment (with its vendor, when one carries it), saying why; the transaction the vendor's request is asked for. */
export async function cancelShipment(uow: UnitOfWork, dealId: string, askedFor: string, note: string): Promise<void> {
  const before = await liveShipment(uow.tx, dealId);
  if (!before) return;
  await uow.tx.update(shipments).set({ status: 'cancelled' }).where(eq(shipments.id, before.id));
  await uow.tx.insert(shipmentUpdates).values({ shipmentId: before.id, status: 'cancelled', note });
  uow.touch(dealId, 'shipment updated');
  if (before.vendor)
    await uow.requestProvider({
      transactionId: askedFor,
      provider: 'transport',
      kind: 'cancel',
      body: { vendor: before.vendor, reference: before.id },
    });
}

/** Books the transport the buyer chose (replacing, and cancelling with its vendor, the one before). */
export async function bookShipment(uow: UnitOfWork, buyer: TransactionRow, booking: BookedTransport, from: Address | null): Promise<void> {
  const tx = uow.tx;
  await cancelShipment(uow, buyer.dealId, buyer.id, 'Replaced by a new booking');
  const delivery = booking.kind === 'Delivery' ? booking : null;
  const [created] = await tx
    .insert(shipments)
    .values({
      dealId: buyer.dealId,
      kind: booking.kind,
      vendor: delivery?.quote?.vendor ?? null,
      carrier: delivery?.quote?.carrier ?? null,
      quoteId: delivery?.quoteId ?? null,
      priceCents: delivery?.quote?.priceCents ?? 0,
      fromAddress: from,
      toAddress: delivery?.deliveryAddress ?? null,
      pickupWindow: delivery?.quote?.pickupWindow ?? null,
      deliveryWindow: delivery?.quote?.deliveryWindow ?? null,
      appointment: booking.kind === 'Pickup' ? { day: booking.day, time: booking.time } : null,
    })
    .returning();
  await tx.insert(shipmentUpdates).values({ shipmentId: created!.id, status: 'booked', note: null });
  uow.touch(buyer.dealId, 'shipment updated');
  if (delivery?.quote)
    await uow.requestProvider({
      transactionId: buyer.id,
      provider: 'transport',
      kind: 'order',
      body: { vendor: delivery.quote.vendor, reference: created!.id, quoteId: delivery.quoteId },
    });
}

const rank = (status: ShipmentStatus) => (DELIVERY_MILESTONES as readonly string[]).indexOf(status);

/** A vendor's update: applied only when it moves the shipment forward. Whether it changed anything. */
export async function applyShipmentUpdate(uow: UnitOfWork, shipmentId: string, status: ShipmentStatus, driver: string | null) {
  const tx = uow.tx;
  const [row] = await tx.select().from(shipments).where(eq(shipments.id, shipmentId)).for('update');
  if (!row || row.status === 'cancelled' || rank(status) <= rank(row.status)) return false;
  await tx
    .update(shipments)
    .set({ status, ...(driver ? { driver } : {}), ...(status === 'delivered' ? { handedOverAt: new Date() } : {}) })
    .where(eq(shipments.id, row.id));
  await tx.insert(shipmentUpdates).values({ shipmentId: row.id, status, note: driver ? `Driver: ${driver}` : null });
  uow.touch(row.dealId, 'shipment updated');
  return true;
}

/** How the car reaches the buyer, from the deal's live shipment (src/domain/delivery.ts `whyNoHandover`). */
export function arrangementOf(row: ShipmentRow | undefined): HandoverArrangement {
  if (!row) return 'none';
  if (row.vendor) return 'vendor delivery';
  return (row.appointment as Appointment | null)?.method ? 'arranged' : 'pickup';
}

/**
 * The car changed hands where no vendor carried it (the buyer has it, or both parties recorded the
 * handover): the live shipment is handed over, or, when the parties met with nothing arranged here,
 * one is made for the handover, so the clock and the cancellation terms read it as any other.
 */
export async function handOver(uow: UnitOfWork, dealId: string, note: string): Promise<void> {
  const row = await liveShipment(uow.tx, dealId);
  if (row?.handedOverAt) return;
  const at = new Date();
  const [handed] = row
    ? await uow.tx.update(shipments).set({ status: 'delivered', handedOverAt: at }).where(eq(shipments.id, row.id)).returning()
    : await uow.tx.insert(shipments).values({ dealId, kind: 'Pickup', status: 'delivered', handedOverAt: at }).returning();
  await uow.tx.insert(shipmentUpdates).values({ shipmentId: handed!.id, status: 'delivered', note });
  uow.touch(dealId, 'shipment updated');
}

/** The live one of the deal's shipments (liveShipment's answer, from rows read already). */
export const liveAmong = (rows: ShipmentRow[]): ShipmentRow | undefined => rows.find((row) => row.status !== 'cancelled');

/**
 * The deal's latest shipment as its party may see it: where the car goes only for whoever chose it (a seller is not
 * shown where the buyer lives).
 */
export async function shipmentView(db: Database, row: ShipmentRow | undefined, seesDestination: boolean): Promise<Shipment | null> {
  if (!row) return null;
  const updates = await db.select().from(shipmentUpdates).where(eq(shipmentUpdates.shipmentId, row.id)).orderBy(asc(shipmentUpdates.at));
  return {
    kind: row.kind,
    vendor: row.vendor,
    carrier: row.carrier,
    status: row.status,
    from: row.fromAddress as Address | null,
    to: seesDestination ? (row.toAddress as Address | null) : null,
    pickupWindow: row.pickupWindow as Shipment['pickupWindow'],
    deliveryWindow: row.deliveryWindow as Shipment['deliveryWindow'],
    appointment: row.appointment as Shipment['appointment'],
    driver: row.driver,
    handedOverAt: row.handedOverAt?.toISOString() ?? null,
    updates: updates.map((update) => ({ status: update.status, at: update.at.toISOString(), note: update.note })),
  };
}
