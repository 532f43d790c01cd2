/**
 * Offer actions through the outbox (DESIGN.md §4 write path): each is written with an idempotency
 * key made when the user acted and, in the same IndexedDB transaction, the change it will make to
 * the saved negotiation, so the dashboard shows it at once, offline too. A new offer shows as a
 * draft row until the server answers with the real one.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { offerListOf } from '../../domain/offer-contract';
import type { OfferVehicle } from '../../domain/offer-contract';
import { offeredVehicle, type StartOffer } from '../../domain/offer-fields';
import { OFFER_VALIDITY_DAYS, type NegotiationStatus } from '../../domain/offer-lifecycle';
import { checkVin } from '../../domain/vin';
import { trackEvent } from '../device/analytics';
import { db } from '../db';
import { requestPersistentStorage } from '../device/install';
import type { CachedNegotiation } from '../records/offer-records';
import { drainOutbox } from './outbox';
import type { OfferAction, OfferRequest } from './outbox-rows';

const expiresFrom = (now: number) => new Date(now + OFFER_VALIDITY_DAYS * 24 * 3600 * 1000).toISOString();

const ENDS: Partial<Record<OfferRequest['action'], NegotiationStatus>> = { accept: 'accepted', decline: 'declined', withdraw: 'withdrawn' };

/** The saved negotiation as it will be once `request` applies. */
function withOfferAction(row: CachedNegotiation, request: OfferRequest, key: string, now: number): CachedNegotiation {
  const changed = { ...row, updatedAt: new Date(now).toISOString() };
  if (request.action === 'counter')
    changed.latestOffer = {
      id: `pending-${key}`,
      amount: request.amount,
      fromRole: row.myRole,
      expiresAt: expiresFrom(now),
      madeAt: changed.updatedAt,
    };
  const ends = ENDS[request.action];
  if (ends) changed.status = ends;
  if (request.action === 'revoke') changed.shareUrl = null;
  if (request.action === 'confirm-vehicle') changed.vehicle = { ...row.vehicle, ...request.vehicle, confirmed: true };
  return { ...changed, list: offerListOf(changed) };
}

async function enqueue(action: OfferAction, change: (now: number) => Promise<void>): Promise<void> {
  await db.transaction('rw', db.negotiations, db.outbox, async () => {
    // Trying an action again answers its earlier refusal.
    await db.outbox
      .where('negotiationId')
      .equals(action.negotiationId)
      .filter((other) => other.kind === 'offer' && other.state === 'refused' && other.request.action === action.request.action)
      .delete();
    await db.outbox.add(action);
    await change(action.createdAt);
  });
  void requestPersistentStorage();
  void drainOutbox();
}

const actionFor = (negotiationId: string, request: OfferRequest): OfferAction => ({
  kind: 'offer',
  negotiationId,
  request,
  idempotencyKey: crypto.randomUUID(),
  createdAt: Date.now(),
  state: 'pending',
});

/** Counter, accept, decline, withdraw, share or turn off links: recorded now, sent when online. */
export async function queueOfferAction(negotiationId: string, request: Exclude<OfferRequest, { action: 'start' }>): Promise<void> {
  const action = actionFor(negotiationId, request);
  await enqueue(action, async (now) => {
    const row = await db.negotiations.get(negotiationId);
    if (!row) throw new Error('This offer is not saved on this device. Connect to the internet and open your offers again.');
    await db.negotiations.put(withOfferAction(row, request, action.idempotencyKey, now));
  });
  if (request.action === 'accept') trackEvent('offer accepted', { negotiationId });
}

/** The vehicle a new offer's draft row shows (the server decides the same). */
function draftVehicle({ vehicle, role }: Omit<StartOffer, 'idempotencyKey'>): OfferVehicle {
  const vin = vehicle.vin === undefined ? undefined : checkVin(vehicle.vin);
  if (vin && !vin.ok) throw new Error(vin.message);
  return offeredVehicle(vehicle, role, vin);
}

/** A new offer: a draft row at once, the negotiation once the server has it. Answers the key that finds it (`startedWith`). */
export async function startOffer(input: Omit<StartOffer, 'idempotencyKey'>): Promise<string> {
  const vehicle = draftVehicle(input);
  const request: OfferRequest = { action: 'start', input, vehicle };
  const key = crypto.randomUUID();
  const action = { ...actionFor(`draft-${key}`, request), idempotencyKey: key };
  await enqueue(action, async (now) => {
    const madeAt = new Date(now).toISOString();
    await db.negotiations.put({
      id: action.negotiationId,
      status: 'open',
      vehicle,
      latestOffer: { id: action.negotiationId, amount: input.amount, fromRole: input.role, expiresAt: expiresFrom(now), madeAt },
      updatedAt: madeAt,
      // Not the server's yet: any version it answers is newer.
      version: 0,
      myRole: input.role,
      dealId: null,
      viaMyCode: false,
      list: 'sent',
      savedAt: now,
      startedWith: key,
    });
  });
  trackEvent('offer created', { role: input.role });
  return key;
}

/** The offer actions still waiting or refused, by negotiation. */
export function useOfferActions(): OfferAction[] | undefined {
  return useLiveQuery(async () => (await db.outbox.toArray()).filter((row): row is OfferAction => row.kind === 'offer'), []);
}

/** The negotiation a start on this device made (its draft until the server answers). */
export function useStartedOffer(key: string | null): CachedNegotiation | undefined {
  return useLiveQuery(async () => (key ? (await db.negotiations.toArray()).find((row) => row.startedWith === key) : undefined), [key]);
}

/** Forgets a refused offer action once the user has read why. */
export async function dismissOfferRefusal(seq: number): Promise<void> {
  await db.outbox.delete(seq);
}
