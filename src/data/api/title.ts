/**
 * The seller's calls that need the network as they happen, for the lien: finding their lender,
 * and asking it for a payoff quote. What the seller then submits goes through the outbox like
 * every step action.
 */
import { lienholderListSchema, payoffSchema, type Lienholder, type Payoff } from '../../domain/seller-events';
import { apiRequest } from './api-client';

export async function searchLienholders(query: string): Promise<Lienholder[]> {
  const { lienholders } = await apiRequest('GET', `lienholders?query=${encodeURIComponent(query)}`, lienholderListSchema);
  return lienholders;
}

export function payoffQuote(transactionId: string, lienholderId: string, accountNumber: string): Promise<Payoff> {
  return apiRequest('POST', `transactions/${transactionId}/payoff-quote`, payoffSchema, { lienholderId, accountNumber });
}
