/**
 * The vehicle of an offer: decoded from its VIN, or described by a buyer (year, make, model, the
 * VIN if they knew it — checked against the year and make when given). A buyer's description
 * waits for the seller to confirm or correct it, with the VIN, before any deal is made on it.
 */
import { eq, sql } from 'drizzle-orm';
import { isDescribed, offeredVehicle, type ConfirmVehicle, type StartOffer } from '../../../src/domain/offer-fields';
import { vehicleName } from '../../../src/domain/offer-format';
import { checkVin, vinMismatch } from '../../../src/domain/vin';
import { negotiationEvents, vehicles } from '../../db/schema';
import type { UserRow } from '../../kernel/access';
import type { Tx } from '../../kernel/event-log';
import type { UnitOfWork } from '../../kernel/unit-of-work';
import { BadRequest } from '../../kernel/validation';
import { lockNegotiation, NOT_FOUND, OfferRefusal, sideOf, touch } from './negotiation-records';

type VehicleValues = typeof vehicles.$inferInsert;

/** A VIN as checked: decoded, and matching what the person said the vehicle is (a 400 naming `field` otherwise). */
function checkedVin(text: string, described: { modelYear: number; make: string } | undefined, field: string) {
  const vin = checkVin(text);
  if (!vin.ok) throw new BadRequest(`${field}: ${vin.message}`, field);
  const mismatch = described && vinMismatch(vin, described);
  if (mismatch) throw new BadRequest(`${field}: ${mismatch}`, field);
  return vin;
}

/** The vehicle row a new offer makes. */
export function offeredVehicleRow(vehicle: StartOffer['vehicle'], role: StartOffer['role']): VehicleValues {
  const described = isDescribed(vehicle) ? { modelYear: vehicle.modelYear!, make: vehicle.make! } : undefined;
  const vin = vehicle.vin === undefined ? undefined : checkedVin(vehicle.vin, described, 'vehicle.vin');
  const { confirmed, ...values } = offeredVehicle(vehicle, role, vin);
  return { ...values, confirmedAt: confirmed ? new Date() : null };
}

/** Whether the negotiation's vehicle is confirmed (a deal needs it). */
export async function vehicleConfirmed(tx: Tx, vehicleId: string): Promise<boolean> {
  const [row] = await tx.select({ confirmedAt: vehicles.confirmedAt }).from(vehicles).where(eq(vehicles.id, vehicleId));
  return Boolean(row?.confirmedAt);
}

export const NOT_CONFIRMED = 'The seller has not confirmed the vehicle’s details yet; a deal can be made once they have.';

/** "Confirm vehicle information": the seller confirms or corrects what the buyer described, with the VIN. */
export async function confirmVehicle(uow: UnitOfWork, negotiationId: string, user: UserRow, input: ConfirmVehicle): Promise<void> {
  const vin = checkedVin(input.vin, input, 'vin');
  const tx = uow.tx;
  const row = await lockNegotiation(uow, negotiationId);
  const side = sideOf(row, user);
  if (!side) throw new OfferRefusal(404, NOT_FOUND);
  if (side !== 'seller') throw new OfferRefusal(403, 'Only the seller confirms the vehicle’s details.');
  if (row.status !== 'open') throw new OfferRefusal(409, 'This offer is closed, so its vehicle cannot be changed.');
  const confirmed = { vin: vin.vin, modelYear: vin.modelYear, make: vin.maker ?? input.make, model: input.model };
  await tx
    .update(vehicles)
    .set({ ...confirmed, confirmedAt: sql`now()` })
    .where(eq(vehicles.id, row.vehicleId));
  await tx
    .insert(negotiationEvents)
    .values({ negotiationId: row.id, actorUserId: user.id, event: 'vehicle-confirmed', payload: confirmed });
  uow.emit('vehicle.confirmed', { negotiationId: row.id, vehicle: vehicleName(confirmed), vin: vin.vin });
  await touch(uow, row.id);
}
