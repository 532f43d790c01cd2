/**
 * Getting the car to the buyer (SPEC §3 transport: vendors runbuggy and acertus, kinds Delivery
 * and Pickup): a delivery is booked from a vendor's quote — open or enclosed carrier, priced and
 * timed by the distance between the seller's pickup ZIP and the buyer's delivery ZIP — and its
 * shipment moves booked → driver assigned → picked up → in transit → delivered as the vendor
 * reports it; a pickup is an appointment at the seller's, handed over when the buyer says they
 * have the car.
 */
import * as z from 'zod/mini';
import { addressSchema, addressText } from './payload-fields';

export const TRANSPORT_VENDORS = ['runbuggy', 'acertus'] as const;
export type TransportVendor = (typeof TRANSPORT_VENDORS)[number];
export const VENDOR_NAMES: Record<TransportVendor, string> = { runbuggy: 'RunBuggy', acertus: 'Acertus' };

export const TRANSPORT_KINDS = ['Delivery', 'Pickup'] as const;
export type TransportKind = (typeof TRANSPORT_KINDS)[number];

export const CARRIERS = {
  open: 'Open carrier',
  enclosed: 'Enclosed carrier',
} as const;
export type Carrier = keyof typeof CARRIERS;

const window = z.object({ from: z.string(), to: z.string() });

/** A vendor's price for one delivery; the server keeps it and a booking names it by id. */
export const transportQuoteSchema = z.object({
  id: z.string(),
  vendor: z.enum(TRANSPORT_VENDORS),
  carrier: z.enum(['open', 'enclosed']),
  priceCents: z.number(),
  miles: z.number(),
  /** Days (YYYY-MM-DD) the driver collects the car in and delivers it in. */
  pickupWindow: window,
  deliveryWindow: window,
  expiresAt: z.string(),
});
export type TransportQuote = z.infer<typeof transportQuoteSchema>;

export const quoteRequestSchema = z.object({ deliveryAddress: addressSchema });

/** The vendors' quotes, what kept one from quoting, and where the car is picked up (city level). */
export const quotesAnswerSchema = z.object({
  quotes: z.array(transportQuoteSchema),
  unavailable: z.array(z.string()),
  from: z.nullable(z.object({ city: z.string(), state: z.string(), postalCode: z.string() })),
});
export type QuotesAnswer = z.infer<typeof quotesAnswerSchema>;

/** A pickup appointment: a day within the next two weeks and one of the seller's hours. */
export const PICKUP_SLOTS = ['09:00', '11:00', '13:00', '15:00', '17:00'] as const;
export const PICKUP_DAYS_AHEAD = 14;

const isoDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a day for the pickup'));

export const transportBookingSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('Delivery'), quoteId: z.string().check(z.minLength(1, 'Choose a delivery quote'), z.maxLength(100)) }),
  z.object({
    kind: z.literal('Pickup'),
    day: isoDay,
    time: z.enum(PICKUP_SLOTS, 'Choose a time for the pickup'),
  }),
]);
export type TransportBooking = z.infer<typeof transportBookingSchema>;

/** The days a pickup can be booked on, from tomorrow (`today` is YYYY-MM-DD). */
export function pickupDays(today: string): string[] {
  const start = new Date(`${today}T12:00:00Z`);
  return Array.from({ length: PICKUP_DAYS_AHEAD }, (_, index) => {
    const day = new Date(start);
    day.setUTCDate(start.getUTCDate() + index + 1);
    return day.toISOString().slice(0, 10);
  });
}

/**
 * A handover the parties arrange themselves, where neither flow has a transport step (a partner's
 * deal whose buyer pays first): the buyer collects the car, or the seller brings it, at a place, a
 * day and a time one of them proposes and the other agrees to. Either may propose another until
 * the car changes hands.
 */
export const HANDOVER_METHODS = ['pickup', 'drop-off'] as const;
export type HandoverMethod = (typeof HANDOVER_METHODS)[number];
export const HANDOVER_METHOD_LABELS: Record<HandoverMethod, string> = {
  pickup: 'The buyer collects the car',
  'drop-off': 'The seller brings the car',
};

/** A pickup's day and time; for a handover the parties arranged, also who brings the car where, who proposed it and when the other agreed. */
export const appointmentSchema = z.object({
  day: z.string(),
  time: z.string(),
  method: z.optional(z.enum(HANDOVER_METHODS)),
  place: z.optional(addressSchema),
  proposedBy: z.optional(z.enum(['buyer', 'seller'])),
  proposedAt: z.optional(z.string()),
  agreedAt: z.optional(z.nullable(z.string())),
});
export type Appointment = z.infer<typeof appointmentSchema>;
export type ArrangedHandover = Appointment & Required<Pick<Appointment, 'method' | 'place' | 'proposedBy' | 'proposedAt'>>;

/** Whether an appointment is a handover the parties arranged (rather than a pickup the buyer booked). */
export const isArranged = (appointment: Appointment | null | undefined): appointment is ArrangedHandover =>
  !!appointment?.method && !!appointment.place && !!appointment.proposedBy;

export const handoverPlanSchema = z.object({
  method: z.enum(HANDOVER_METHODS, 'Choose who brings the car: a pickup or a drop-off'),
  place: addressSchema,
  day: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a day for the handover')),
  time: z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Choose a time for the handover')),
  idempotencyKey: z.uuid('idempotencyKey must be a UUID made when the handover was proposed'),
});
export type HandoverPlan = z.infer<typeof handoverPlanSchema>;

export const agreeHandoverSchema = z.object({
  idempotencyKey: z.uuid('idempotencyKey must be a UUID made when the handover was agreed'),
});

/** The latest day a handover can be arranged for, from today. */
export const HANDOVER_DAYS_AHEAD = 60;

/** "2:30 PM" for a 24-hour "14:30". */
export function clockTimeText(time: string): string {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "Sat, Dec 5 at 2:30 PM" for an appointment. */
export const appointmentText = (appointment: Pick<Appointment, 'day' | 'time'>) =>
  `${shortDay(appointment.day)} at ${clockTimeText(appointment.time)}`;

/** "a pickup at 500 Congress Ave, Austin, TX 78701 on Sat, Dec 5 at 2:30 PM" */
export const handoverPlanWords = (plan: ArrangedHandover) =>
  `${plan.method === 'pickup' ? 'a pickup' : 'a drop-off'} at ${addressText(plan.place)} on ${appointmentText(plan)}`;

export const SHIPMENT_STATUSES = ['booked', 'driver assigned', 'picked up', 'in transit', 'delivered', 'cancelled'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** The milestones a delivery passes, in order (a pickup is booked, then handed over). */
export const DELIVERY_MILESTONES = ['booked', 'driver assigned', 'picked up', 'in transit', 'delivered'] as const;

export const shipmentSchema = z.object({
  kind: z.enum(TRANSPORT_KINDS),
  vendor: z.nullable(z.enum(TRANSPORT_VENDORS)),
  carrier: z.nullable(z.enum(['open', 'enclosed'])),
  status: z.enum(SHIPMENT_STATUSES),
  /** Where the car is collected (the seller's pickup address) and, for a delivery, where it goes. */
  from: z.nullable(addressSchema),
  to: z.nullable(addressSchema),
  pickupWindow: z.nullable(window),
  deliveryWindow: z.nullable(window),
  appointment: z.nullable(appointmentSchema),
  driver: z.nullable(z.string()),
  /** When the car was handed to the buyer (delivered, or collected at a pickup). */
  handedOverAt: z.nullable(z.string()),
  updates: z.array(z.object({ status: z.enum(SHIPMENT_STATUSES), at: z.string(), note: z.nullable(z.string()) })),
});
export type Shipment = z.infer<typeof shipmentSchema>;

/** "Tue, Dec 1" for a YYYY-MM-DD day. */
export function shortDay(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** "Tue, Dec 1 – Thu, Dec 3" (one day when the window is a single day). */
export function windowText(window: { from: string; to: string }): string {
  return window.from === window.to ? shortDay(window.from) : `${shortDay(window.from)} – ${shortDay(window.to)}`;
}

/** A booking as the transaction keeps it: for a delivery, the vendor's quote and the address it was made for (the server's copy). */
export const bookedTransportSchema = z.union([
  z.object({
    kind: z.literal('Delivery'),
    quoteId: z.string(),
    quote: z.optional(transportQuoteSchema),
    deliveryAddress: z.optional(addressSchema),
  }),
  z.object({ kind: z.literal('Pickup'), day: z.string(), time: z.string(), quote: z.optional(z.undefined()) }),
]);
export type BookedTransport = z.infer<typeof bookedTransportSchema>;

/** "Delivery by RunBuggy, open carrier" or "Pickup from the seller". */
export function transportLabel(booking: BookedTransport): string {
  if (booking.kind === 'Pickup') return 'Pickup from the seller';
  return booking.quote ? `Delivery by ${VENDOR_NAMES[booking.quote.vendor]}, ${CARRIERS[booking.quote.carrier].toLowerCase()}` : 'Delivery';
}
