/** Delivery quotes for a buyer (the vendors answer at once; a booking then names one of them). */
import * as z from 'zod/mini';
import type { Address } from '../domain/payload-fields';
import { transportQuoteSchema } from '../domain/transport';
import { apiRequest } from './api-client';

const quotesAnswer = z.object({
  quotes: z.array(transportQuoteSchema),
  unavailable: z.array(z.string()),
  from: z.nullable(z.object({ city: z.string(), state: z.string(), postalCode: z.string() })),
});
export type QuotesAnswer = z.infer<typeof quotesAnswer>;

export const askDeliveryQuotes = (transactionId: string, deliveryAddress: Address) =>
  apiRequest('POST', `transactions/${transactionId}/transport-quotes`, quotesAnswer, { deliveryAddress });
