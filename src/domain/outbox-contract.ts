/**
 * What admins read of the outbox (DESIGN.md §13): the effects that keep failing — a mail the mail
 * service refused, a request a provider would not take — waiting for their next attempt, and those
 * given up on (dead), each with what it was, how often it was tried and the last error.
 */
import * as z from 'zod/mini';

export const effectSchema = z.object({
  id: z.number(),
  kind: z.enum(['mail', 'provider request', 'push']),
  /** In words: "Mail to sam@example.com: Your sale is closed", "Payments: transfer". */
  what: z.string(),
  attempts: z.number(),
  lastError: z.nullable(z.string()),
  /** When it is tried again (for one still retrying). */
  nextAttemptAt: z.string(),
  createdAt: z.string(),
});
export type Effect = z.infer<typeof effectSchema>;

export const effectListSchema = z.object({ dead: z.array(effectSchema), retrying: z.array(effectSchema) });
export type EffectList = z.infer<typeof effectListSchema>;

/** How many of each an admin is shown, newest first. */
export const EFFECTS_SHOWN = 100;
