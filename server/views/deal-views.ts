/**
 * A deal as one of its parties sees it: the price, the vehicle, the roles, their own side's
 * transaction, the seller's payout, and where the other side stands — in words and steps, never
 * their details (DESIGN.md §11). `version` grows whenever either side moves.
 */
import { eq } from 'drizzle-orm';
import type { Deal } from '../../src/domain/offer-contract';
import { otherSide } from '../../src/domain/offer-lifecycle';
import { progressInWords, type BookedTransport } from '../../src/domain/party-progress';
import { SIDE_ROLES, type Side } from '../../src/domain/parties';
import { sellerPayout } from '../../src/domain/seller-pricing';
import { foldStepData } from '../../src/domain/step-data';
import { stepStates } from '../../src/domain/step-progress';
import type { Database } from '../db/client';
import { dealParties, deals, transactions, users, vehicles } from '../db/schema';
import { eventsOf } from '../kernel/event-log';
import { customerHeld } from '../modules/dealers/dealer-customer';
import { liveShipment } from '../modules/transport/shipments';
import type { UserRow } from '../kernel/access';
import { OfferRefusal } from '../modules/offers/negotiation-records';

async function dealVehicle(db: Database, vehicleId: string) {
  const [vehicle] = await db.select().from(vehicles).where(eq(vehicles.id, vehicleId));
  // A deal is made only on a confirmed vehicle, which has its VIN.
  return { vin: vehicle!.vin!, modelYear: vehicle!.modelYear, make: vehicle!.make, model: vehicle!.model, mileage: vehicle!.mileage };
}

/** The deal's booked transport, as the other party's progress says it: how, and the day the car is picked up. */
async function bookedTransport(db: Database, dealId: string): Promise<BookedTransport | undefined> {
  const shipment = await liveShipment(db, dealId);
  const window = shipment?.pickupWindow as { from: string } | null | undefined;
  const appointment = shipment?.appointment as { day: string } | null | undefined;
  const pickupOn = shipment?.kind === 'Pickup' ? appointment?.day : window?.from;
  return shipment && pickupOn ? { kind: shipment.kind, pickupOn } : undefined;
}

export async function dealForParty(db: Database, dealId: string, user: UserRow): Promise<Deal> {
  const [deal] = await db.select().from(deals).where(eq(deals.id, dealId));
  const parties = deal
    ? await db
        .select({ role: dealParties.role, userId: dealParties.userId, firstName: users.firstName })
        .from(dealParties)
        .leftJoin(users, eq(users.id, dealParties.userId))
        .where(eq(dealParties.dealId, deal.id))
    : [];
  const mine = parties.find((party) => party.userId === user.id);
  if (!deal || (!mine && user.type !== 'admin')) throw new OfferRefusal(404, 'Deal not found.');
  const sides = await db.select().from(transactions).where(eq(transactions.dealId, deal.id));
  const mySide: Side | undefined = mine && (SIDE_ROLES.seller.includes(mine.role) ? 'seller' : 'buyer');
  const sellerSide = mySide === 'seller' ? sides.find((transaction) => transaction.side === 'seller') : undefined;
  const title = sellerSide ? foldStepData(await eventsOf(db, sellerSide.id)).title : null;
  const theirSide = mySide && otherSide(mySide);
  const theirs = sides.find((transaction) => transaction.side === theirSide);
  return {
    id: deal.id,
    price: deal.priceDollars,
    vehicle: await dealVehicle(db, deal.vehicleId),
    partner: deal.partnerUid
      ? {
          uid: deal.partnerUid,
          source: deal.partnerSource,
          // The partner's terms as they applied: the flow the buyer's side was made in.
          buyerPaysFirst: sides.some((transaction) => transaction.side === 'buyer' && transaction.flow === 'payment-first'),
        }
      : null,
    myRole: mine?.role ?? null,
    roles: parties.map((party) => party.role),
    transactionId: sides.find((transaction) => transaction.side === mySide)?.id ?? null,
    createdAt: deal.createdAt.toISOString(),
    payout: title
      ? sellerPayout({
          priceDollars: deal.priceDollars,
          lien: title.lien && { lender: title.lien.lienholderName, payoffCents: title.lien.payoff.amountCents },
          titleInSellerName: title.titleInSellerName,
        })
      : null,
    version: sides.reduce((sum, transaction) => sum + transaction.version, 0),
    otherParty:
      theirSide && theirs
        ? {
            role: theirSide,
            firstName: parties.find((party) => party.role === theirSide)?.firstName ?? null,
            progress: customerHeld(
              theirs,
              sides.find((transaction) => transaction.side === mySide),
            )
              ? 'Your customer’s part opens once you have signed: they are e-mailed then.'
              : progressInWords(theirSide, theirs.flow, theirs.status, await bookedTransport(db, deal.id)),
            steps: stepStates(theirs.flow, theirs.status),
            updatedAt: theirs.updatedAt.toISOString(),
            completedAt: theirs.completedAt?.toISOString() ?? null,
          }
        : null,
  };
}
