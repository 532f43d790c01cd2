/**
 * Where and how a flaky connection strikes a sale (issue 44), from a seed: the walk in
 * flaky-sale.spec.ts passes a fixed list of named points, and a seeded generator (mulberry32)
 * picks for each party about a dozen of them and what happens there. The same seed gives the same
 * schedule, so a failure is replayed with `FLAKY_SEEDS=<seed>`; only the two parties' timing
 * against each other (and the sandboxes') differs between runs.
 */
import { mulberry32 } from '../support/seeded';

/**
 * What happens at a point, around what the person does there next (the point's act):
 * - `drop`: the connection drops and comes back before they act;
 * - `reload offline`: offline, the page is reloaded (the service worker serves it), then back online;
 * - `reopen offline` / `reopen online`: the page is closed and a new one opened at the same address;
 * - `act offline`: they act (type, press, choose a file) offline, then the connection comes back;
 * - `act offline, reload` / `act offline, reopen`: the same, and the page is reloaded (or closed and
 *   opened again) offline before the connection comes back;
 * - `drop after act`: they act online and the connection drops at once, while what they sent may be
 *   on the wire; the page is reloaded offline, then back online.
 */
export const DISRUPTIONS = [
  'drop',
  'reload offline',
  'reopen offline',
  'reopen online',
  'act offline',
  'act offline, reload',
  'act offline, reopen',
  'drop after act',
] as const;
export type Disruption = (typeof DISRUPTIONS)[number];

export type PartyName = 'seller' | 'buyer';

/** Before an act that needs the network (a provider's page, a quote), or while waiting on the other party. */
const AROUND = ['drop', 'reload offline', 'reopen offline', 'reopen online'] as const satisfies readonly Disruption[];
/** Typing into a form (kept on the device until sent), or choosing a file (the upload waits for the connection). */
const TYPING = ['drop', 'act offline', 'act offline, reload', 'act offline, reopen'] as const satisfies readonly Disruption[];
/** Pressing a button whose action the device keeps and sends (the outbox). */
const QUEUED = [
  ...AROUND,
  'act offline',
  'act offline, reload',
  'act offline, reopen',
  'drop after act',
] as const satisfies readonly Disruption[];

/** The walk's points, in its order, each with what may happen there. */
export const POINTS = [
  { party: 'seller', name: 'while the seller types the offer', can: TYPING },
  { party: 'seller', name: 'when the seller sends the offer', can: QUEUED },
  { party: 'buyer', name: 'while the buyer waits for the offer', can: AROUND },
  { party: 'buyer', name: 'while the buyer writes to the seller', can: QUEUED },
  { party: 'buyer', name: 'when the buyer presses Accept', can: QUEUED },
  { party: 'seller', name: 'while the seller waits for an answer', can: AROUND },
  { party: 'seller', name: 'while the seller answers the buyer', can: QUEUED },
  { party: 'seller', name: 'before the seller verifies their identity', can: AROUND },
  { party: 'seller', name: 'while the seller types their home address', can: TYPING },
  { party: 'seller', name: 'when the seller finishes the identity step', can: QUEUED },
  { party: 'seller', name: 'mid-upload of the title photos', can: TYPING },
  { party: 'seller', name: 'when the seller sends the title photos', can: QUEUED },
  { party: 'seller', name: 'mid-upload of the car photos', can: TYPING },
  { party: 'seller', name: 'while the seller types the odometer reading', can: TYPING },
  { party: 'seller', name: 'when the seller sends the car photos', can: QUEUED },
  { party: 'seller', name: 'while the title desk checks', can: AROUND },
  { party: 'seller', name: 'when the seller accepts the payout', can: QUEUED },
  { party: 'seller', name: 'when the seller chooses the payout account', can: QUEUED },
  { party: 'buyer', name: 'before the buyer verifies their identity', can: AROUND },
  { party: 'buyer', name: 'while the buyer types their home address', can: TYPING },
  { party: 'buyer', name: 'while the buyer fills in their details', can: TYPING },
  { party: 'buyer', name: 'when the buyer chooses cash', can: QUEUED },
  { party: 'buyer', name: 'while the buyer names their insurer', can: TYPING },
  { party: 'buyer', name: 'before the buyer asks for delivery quotes', can: AROUND },
  { party: 'buyer', name: 'when the buyer continues to payment', can: QUEUED },
  { party: 'buyer', name: 'when the buyer accepts the breakdown', can: QUEUED },
  { party: 'buyer', name: 'when the buyer authorises the payment', can: QUEUED },
  { party: 'seller', name: 'while the seller waits for the buyer to pay', can: AROUND },
  { party: 'buyer', name: 'before the buyer checks their ID', can: AROUND },
  { party: 'seller', name: 'while the seller waits for the buyer to sign', can: AROUND },
  { party: 'seller', name: 'after the seller signs', can: AROUND },
  { party: 'seller', name: 'mid-upload of the inspection photos', can: TYPING },
  { party: 'seller', name: 'while the seller describes the damage', can: TYPING },
  { party: 'buyer', name: 'while the buyer waits for the seller', can: AROUND },
  { party: 'buyer', name: 'while the car is on its way', can: AROUND },
  { party: 'buyer', name: 'at handover, before the buyer confirms delivery', can: AROUND },
  { party: 'seller', name: 'while the seller waits for the buyer’s confirmation', can: AROUND },
] as const satisfies readonly { party: PartyName; name: string; can: readonly Disruption[] }[];

export type PointName = (typeof POINTS)[number]['name'];

/** How many points strike each party. */
const PER_PARTY = 12;

export type Schedule = Map<PointName, Disruption>;

/** For each party, PER_PARTY of its points (in the walk's order) and what happens at each. */
export function scheduleOf(seed: number): Schedule {
  const random = mulberry32(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const schedule: Schedule = new Map();
  for (const party of ['seller', 'buyer'] as const) {
    const points = POINTS.filter((point) => point.party === party);
    // A seeded shuffle (Fisher–Yates); the first PER_PARTY strike.
    const order = points.map((_, index) => index);
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    const struck = new Set(order.slice(0, PER_PARTY));
    points.forEach((point, index) => {
      if (struck.has(index)) schedule.set(point.name, pick(point.can));
    });
  }
  // In the walk's order, so the printed schedule reads as the sale goes.
  return new Map(POINTS.flatMap((point) => (schedule.has(point.name) ? [[point.name, schedule.get(point.name)!] as const] : [])));
}

/** The seeds the spec runs: FLAKY_SEEDS="1,2,3" or the fixed three. */
export function seeds(fromEnvironment = process.env.FLAKY_SEEDS): number[] {
  if (!fromEnvironment) return [44_001, 271_828, 8_675_309];
  return fromEnvironment.split(',').map((seed) => {
    const value = Number(seed.trim());
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`FLAKY_SEEDS: ${seed} is not a whole number`);
    return value;
  });
}

/** The schedule as lines to print: `seller · when the seller sends the offer: act offline, reload`. */
export const describe = (schedule: Schedule) =>
  [...schedule].map(([point, disruption]) => `${POINTS.find((p) => p.name === point)!.party} · ${point}: ${disruption}`);
