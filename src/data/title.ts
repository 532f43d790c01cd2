/**
 * The seller's calls that need the network as they happen, for the lien: finding their lender,
 * and asking it for a payoff quote. What the seller then submits goes through the outbox like
 * every step action.
 */
import * as z from 'zod/mini';
import type { Payoff } from '../domain/seller-events';
import { apiRequest } from './api-client';

const lienholder = z.object({ id: z.string(), name: z.string(), phone: z.string() });
export type Lienholder = z.infer<typeof lienholder>;

export async function searchLienholders(query: string): Promise<Lienholder[]> {
  const { lienholders } = await apiRequest(
    'GET',
    `lienholders?query=${encodeURIComponent(query)}`,
    z.object({ lienholders: z.array(lienholder) }),
  );
  return lienholders;
}

const payoff = z.object({
  amountCents: z.number(),
  goodThrough: z.string(),
  perDiemCents: z.number(),
  source: z.enum(['quote', 'entered']),
});

export function payoffQuote(transactionId: string, lienholderId: string, accountNumber: string): Promise<Payoff> {
  return apiRequest('POST', `transactions/${transactionId}/payoff-quote`, payoff, { lienholderId, accountNumber });
}
