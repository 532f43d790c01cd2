/**
 * Delivery confirmation and disputes (src/domain/delivery.ts) from and to the API: read while a
 * screen is open (it follows live notices), not kept in IndexedDB. Each write carries the key made
 * once when the person acted, so a retry answers the same; the buyer's confirmation goes through the outbox
 * (outbox.ts `queueDeliveryConfirmation`), so even a reload keeps its key. Files for a case go through the
 * resumable uploader first (offline too); the case's words are sent when the connection is there,
 * since the case keeps the server's time.
 */
import {
  adminCaseSchema,
  caseListSchema,
  deliverySchema,
  type AddEvidence,
  type DecideDispute,
  type RaiseProblem,
} from '../../domain/delivery';
import { apiRequest } from './api-client';

export const fetchDelivery = (transactionId: string) => apiRequest('GET', `transactions/${transactionId}/delivery`, deliverySchema);

export const raiseProblem = (transactionId: string, input: RaiseProblem) =>
  apiRequest('POST', `transactions/${transactionId}/dispute`, deliverySchema, input);

export const addEvidence = (transactionId: string, input: AddEvidence) =>
  apiRequest('POST', `transactions/${transactionId}/dispute/evidence`, deliverySchema, input);

export const fetchCases = () => apiRequest('GET', 'admin/disputes', caseListSchema);
export const fetchCase = (disputeId: string) => apiRequest('GET', `admin/disputes/${disputeId}`, adminCaseSchema);
export const decideCase = (disputeId: string, input: DecideDispute) =>
  apiRequest('POST', `admin/disputes/${disputeId}/decision`, adminCaseSchema, input);
