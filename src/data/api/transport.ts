/** Delivery quotes for a buyer (the vendors answer at once; a booking then names one of them). */
import type { Address } from '../../domain/payload-fields';
import { quotesAnswerSchema } from '../../domain/transport';
import { apiRequest } from './api-client';

export const askDeliveryQuotes = (transactionId: string, deliveryAddress: Address) =>
  apiRequest('POST', `transactions/${transactionId}/transport-quotes`, quotesAnswerSchema, { deliveryAddress });
