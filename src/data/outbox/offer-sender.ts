/**
 * Sends a queued offer action with its idempotency key and saves what the server answers: the
 * negotiation as it now is, a new share link, or — for a negotiation started on this device —
 * the real row in place of its draft.
 */
import * as z from 'zod/mini';
import { linkMadeSchema, negotiationSchema, startedOfferSchema, type Negotiation } from '../../domain/offer-contract';
import { apiRequest } from '../api/api-client';
import { db } from '../db';
import { storeNegotiation } from '../records/offer-store';
import type { OfferAction } from './outbox-rows';
import { deliver } from './outbox-delivery';

const summaryOf = (negotiation: Negotiation) => ({ ...negotiation, myRole: negotiation.myRole! });

/** Sends `row`; answers 'sent', 'offline', or the reason the server refused it. */
export async function sendOfferAction(row: OfferAction): Promise<'sent' | 'offline' | { refused: string }> {
  const { request, negotiationId: id, idempotencyKey } = row;
  const delivery = await deliver(async () => {
    switch (request.action) {
      case 'start': {
        const started = await apiRequest('POST', 'offers', startedOfferSchema, { ...request.input, idempotencyKey });
        await db.transaction('rw', db.negotiations, db.outbox, async () => {
          await db.negotiations.delete(id);
          await storeNegotiation(summaryOf(started), {
            startedWith: idempotencyKey,
            ...(started.shareUrl ? { shareUrl: started.shareUrl } : {}),
          });
          await db.outbox.delete(row.seq!);
        });
        return;
      }
      case 'share': {
        const { shareUrl } = await apiRequest('POST', `offers/${id}/links`, linkMadeSchema, { idempotencyKey });
        await db.transaction('rw', db.negotiations, db.outbox, async () => {
          if (shareUrl) await db.negotiations.update(id, { shareUrl, linksOffAt: undefined });
          await db.outbox.delete(row.seq!);
        });
        return;
      }
      case 'confirm-vehicle': {
        const answer = await apiRequest('POST', `offers/${id}/vehicle`, negotiationSchema, { ...request.vehicle, idempotencyKey });
        await db.transaction('rw', db.negotiations, db.outbox, async () => {
          await db.outbox.delete(row.seq!);
          await storeNegotiation(summaryOf(answer));
        });
        return;
      }
      case 'revoke':
        await apiRequest('DELETE', `offers/${id}/links`, z.unknown(), { idempotencyKey });
        await db.transaction('rw', db.negotiations, db.outbox, async () => {
          await db.negotiations.update(id, { shareUrl: null, linksOffAt: Date.now() });
          await db.outbox.delete(row.seq!);
        });
        return;
      default: {
        const answer = await apiRequest('POST', `offers/${id}/actions`, negotiationSchema, { ...request, idempotencyKey });
        await db.transaction('rw', db.negotiations, db.outbox, async () => {
          await db.outbox.delete(row.seq!);
          await storeNegotiation(summaryOf(answer));
        });
      }
    }
  });
  return delivery.outcome === 'refused' ? { refused: delivery.reason } : delivery.outcome;
}
