/**
 * The sandbox transport vendors, runbuggy and acertus: a quote is priced and timed from the real
 * road distance between two ZIP codes (the maintained `zipcodes` dataset, great-circle miles
 * × 1.2 for roads), as their quote APIs answer at once; an order is taken (202) and followed by
 * signed webhooks as the vendor's driver works it — assigned when booked; picked up, in transit
 * and delivered once we dispatch it (the deal is funded and signed). Magic values (docs/sandboxes.md): a ZIP the dataset does not know is refused; Alaska and Hawaii are not served.
 */
import { randomUUID } from 'node:crypto';
import zipcodes from 'zipcodes';
import * as z from 'zod/mini';
import type { TransportVendor } from '../../../src/domain/transport';
import type { WebhookSender } from './webhook-sender';

const ROAD_FACTOR = 1.2;
const UNSERVED_STATES = ['AK', 'HI'];

const PRICING: Record<
  TransportVendor,
  { baseCents: number; perMileCents: number; minimumCents: number; enclosed: number; leadDays: number }
> = {
  runbuggy: { baseCents: 15_000, perMileCents: 85, minimumCents: 25_000, enclosed: 1.6, leadDays: 2 },
  acertus: { baseCents: 19_500, perMileCents: 78, minimumCents: 27_500, enclosed: 1.55, leadDays: 3 },
};

export const quoteRequestSchema = z.object({
  pickupZip: z.string().check(z.regex(/^\d{5}$/)),
  dropoffZip: z.string().check(z.regex(/^\d{5}$/)),
  vehicle: z.object({ vin: z.string(), modelYear: z.number() }),
});

export const orderSchema = z.object({
  requestId: z.string(),
  reference: z.string(),
  callbackUrl: z.url(),
  kind: z.enum(['order', 'dispatch', 'cancel']),
  quoteId: z.optional(z.string()),
});

const day = (from: Date, plus: number) => new Date(from.getTime() + plus * 86_400_000).toISOString().slice(0, 10);

/** Road miles between two ZIP codes, or a reason there are none. */
export function roadMiles(pickupZip: string, dropoffZip: string): number | { refused: string } {
  const from = zipcodes.lookup(pickupZip);
  const to = zipcodes.lookup(dropoffZip);
  if (!from) return { refused: `ZIP code ${pickupZip} is not one we know` };
  if (!to) return { refused: `ZIP code ${dropoffZip} is not one we know` };
  if (UNSERVED_STATES.includes(from.state) || UNSERVED_STATES.includes(to.state)) return { refused: 'We do not serve Alaska or Hawaii' };
  return Math.max(1, Math.round((zipcodes.distance(pickupZip, dropoffZip) ?? 0) * ROAD_FACTOR));
}

export function quotesFor(vendor: TransportVendor, request: z.infer<typeof quoteRequestSchema>, now = new Date()) {
  const miles = roadMiles(request.pickupZip, request.dropoffZip);
  if (typeof miles !== 'number') return miles;
  const rules = PRICING[vendor];
  const open = Math.max(rules.minimumCents, rules.baseCents + miles * rules.perMileCents);
  const transitDays = Math.ceil(miles / 500) + 1;
  return (['open', 'enclosed'] as const).map((service) => ({
    quote_id: `${vendor}_${service}_${randomUUID().slice(0, 8)}`,
    service,
    price_cents: service === 'open' ? open : Math.round((open * rules.enclosed) / 100) * 100,
    distance_miles: miles,
    pickup_window: { earliest: day(now, rules.leadDays), latest: day(now, rules.leadDays + 2) },
    delivery_window: { earliest: day(now, rules.leadDays + transitDays), latest: day(now, rules.leadDays + transitDays + 3) },
    expires_at: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
  }));
}

const DRIVERS = ['Sam Ortega', 'Priya Nair', 'Dell Hutchins', 'Mia Kowalski'];

/**
 * A vendor's order desk. It keeps only what makes a repeated request harmless (the ids it gave,
 * what it dispatched or cancelled), so after a restart a dispatch still goes out.
 */
export function transportVendor(vendor: TransportVendor, webhooks: WebhookSender) {
  const answered = new Map<string, string>();
  const dispatched = new Set<string>();
  const cancelled = new Set<string>();
  return {
    take(request: z.infer<typeof orderSchema>): string {
      const known = answered.get(request.requestId);
      if (known) return known;
      const id = `${vendor}_ord_${request.reference.slice(0, 8)}`;
      answered.set(request.requestId, id);
      const { reference, callbackUrl } = request;
      if (request.kind === 'order') {
        const driver = DRIVERS[reference.charCodeAt(0) % DRIVERS.length];
        webhooks.send(callbackUrl, 'order.driver_assigned', { reference, driver });
      }
      if (request.kind === 'cancel') cancelled.add(reference);
      if (request.kind === 'dispatch' && !dispatched.has(reference) && !cancelled.has(reference)) {
        dispatched.add(reference);
        webhooks.send(callbackUrl, 'order.picked_up', { reference });
        webhooks.send(callbackUrl, 'order.in_transit', { reference }, 2);
        webhooks.send(callbackUrl, 'order.delivered', { reference }, 3);
      }
      return id;
    },
  };
}
