/** Cancelling a sale from the dashboard: an optional reason, and the fee the party was shown (so none is charged unseen). */
import * as z from 'zod/mini';

export const cancelRequestSchema = z.object({
  /** Made once, when the party confirms: a retry with it answers the same. */
  idempotencyKey: z.optional(z.uuid('idempotencyKey must be a UUID')),
  reason: z.optional(z.string().check(z.trim(), z.maxLength(500, 'Keep the reason under 500 characters'))),
  expectedFeeCents: z.number('The cancellation fee you were shown is missing').check(z.int(), z.minimum(0)),
});
export type CancelRequest = z.infer<typeof cancelRequestSchema>;
