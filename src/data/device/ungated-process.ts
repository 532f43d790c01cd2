/**
 * SPEC §3 ungated-process record: what an anonymous visitor started (a sale, or an answer to a
 * shared offer), kept as JSON in localStorage under its own key so it survives signing up or in.
 */
import * as z from 'zod/mini';
import { BRAND } from '../../domain/brand';

export const UNGATED_PROCESS_KEY = `${BRAND.slug}.ungatedProcess`;

const recordSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('start-sale'),
    draft: z.object({
      role: z.enum(['seller', 'buyer']),
      vin: z.string(),
      mileage: z.string(),
      amount: z.string(),
      counterpartyEmail: z.string(),
      share: z.boolean(),
    }),
  }),
  z.object({ kind: z.literal('shared-offer'), token: z.string(), email: z.string() }),
]);
export type UngatedProcess = z.infer<typeof recordSchema>;

export function readUngatedProcess(): UngatedProcess | null {
  try {
    const raw = localStorage.getItem(UNGATED_PROCESS_KEY);
    const parsed = raw ? recordSchema.safeParse(JSON.parse(raw)) : null;
    return parsed?.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveUngatedProcess(record: UngatedProcess): void {
  localStorage.setItem(UNGATED_PROCESS_KEY, JSON.stringify(record));
}

export function clearUngatedProcess(): void {
  localStorage.removeItem(UNGATED_PROCESS_KEY);
}
