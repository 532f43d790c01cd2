/**
 * The sandbox title desk: reviews a seller's title documents and checks the VIN plate and the
 * odometer against the vehicle's history, then answers by webhook. Decided by documented magic
 * values (docs/sandboxes.md), so people and tests reach every outcome:
 * - a document whose file name contains "blurry" needs another photo (the first such one);
 * - a VIN plate photo whose name contains "mismatch", or an odometer reading below the last one on
 *   record (the listed mileage less 2,500), pauses the vehicle verification — until the seller
 *   authorises Caramel as their agent, after which the review approves;
 * - a document whose name contains "manual" goes to manual review: approved, five times slower;
 * - anything else is approved.
 * Once the sale is funded and signed, the desk waits for the signed-over title (from the seller,
 * or from the lender once paid off) and says when it has it.
 */
import * as z from 'zod/mini';
import { sandboxHistory } from '../vehicle-reports';
import type { WebhookSender } from './webhook-sender';

export const titleReviewSchema = z.object({
  requestId: z.string(),
  reference: z.string(),
  callbackUrl: z.url(),
  vehicle: z.object({ vin: z.string(), modelYear: z.number(), mileage: z.number() }),
  documents: z.array(z.object({ field: z.string(), documentKey: z.string(), fileName: z.string() })),
  odometerReading: z.nullable(z.number()),
  lien: z.boolean(),
  agentAuthorized: z.boolean(),
});
export type TitleReview = z.infer<typeof titleReviewSchema>;

type Outcome = { type: string; data: Record<string, unknown>; slower?: number };

export function decideTitleReview(review: TitleReview): Outcome {
  const reference = review.reference;
  const blurry = review.documents.find((document) => /blurry/i.test(document.fileName));
  if (blurry)
    return {
      type: 'title.review.photo_needed',
      data: {
        reference,
        documentKey: blurry.documentKey,
        reason: `${blurry.fileName} is too blurry to read. Take it again in good light, with the whole document in the frame and every word sharp.`,
      },
    };
  if (!review.agentAuthorized) {
    const mismatch = review.documents.some((document) => document.field === 'vinPlate' && /mismatch/i.test(document.fileName));
    if (mismatch)
      return {
        type: 'title.review.paused',
        data: { reference, reason: `The VIN on the plate photo does not match this car's VIN, ${review.vehicle.vin}.` },
      };
    const history = sandboxHistory(review.vehicle);
    if (review.odometerReading !== null && review.odometerReading < history.lastReportedMiles)
      return {
        type: 'title.review.paused',
        data: {
          reference,
          reason: `The odometer reads ${review.odometerReading.toLocaleString('en-US')} miles, fewer than the ${history.lastReportedMiles.toLocaleString('en-US')} miles on record, so the title transfer needs an odometer statement.`,
        },
      };
  }
  const manual = review.documents.some((document) => /manual/i.test(document.fileName));
  return { type: 'title.review.approved', data: { reference }, ...(manual ? { slower: 5 } : {}) };
}

export const titleTransferSchema = z.object({ requestId: z.string(), reference: z.string(), callbackUrl: z.url() });

export function titleDesk(webhooks: WebhookSender) {
  const taken = new Map<string, string>();
  return {
    /** Waits for the paper title of a funded sale and answers `title.received` when it arrives. */
    receive(transfer: z.infer<typeof titleTransferSchema>): string {
      const known = taken.get(transfer.requestId);
      if (known) return known;
      const id = `ttl_${transfer.requestId.slice(0, 8)}`;
      taken.set(transfer.requestId, id);
      webhooks.send(transfer.callbackUrl, 'title.received', { reference: transfer.reference }, 2);
      return id;
    },
    /** Takes a review (again, for a request id it already has: the same job) and answers by webhook. */
    take(review: TitleReview): string {
      const known = taken.get(review.requestId);
      if (known) return known;
      const id = `rev_${review.requestId.slice(0, 8)}`;
      taken.set(review.requestId, id);
      const outcome = decideTitleReview(review);
      webhooks.send(review.callbackUrl, outcome.type, outcome.data, outcome.slower);
      return id;
    },
  };
}
