/**
 * The dealer programme's calls (issue 22): admins' dealer list, grant and revocation; a dealer's
 * sales. Read straight from the API, not kept in IndexedDB: these screens are for people at work
 * online, and a credit application is not something to leave on a shared device.
 */
import {
  dealerListSchema,
  dealerSaleListSchema,
  dealerSaleSchema,
  dealerSchema,
  type DealerGrant,
  type SaleSubmission,
  type StructureRequest,
} from '../../domain/dealer-contract';
import * as z from 'zod/mini';
import { apiRequest } from './api-client';

export const dealers = () => apiRequest('GET', 'admin/dealers', dealerListSchema);
export const grantDealer = (grant: DealerGrant) => apiRequest('POST', 'admin/dealers', dealerSchema, grant);
export const revokeDealer = (userId: string) => apiRequest('DELETE', `admin/dealers/${userId}`, z.unknown());

export const dealerSales = () => apiRequest('GET', 'dealer/sales', dealerSaleListSchema);
export const dealerSale = (saleId: string) => apiRequest('GET', `dealer/sales/${saleId}`, dealerSaleSchema);

/** Submits a sale; `idempotencyKey` was made once, when the dealer pressed submit, so a retry answers the same sale. */
export const submitSale = (sale: Omit<SaleSubmission, 'idempotencyKey'>, idempotencyKey: string) =>
  apiRequest('POST', 'dealer/sales', dealerSaleSchema, { ...sale, idempotencyKey });

/** Sends the uploaded signed credit application to the lender (once: a repeat answers the sale as it is). */
export const sendSignedApplication = (saleId: string) => apiRequest('POST', `dealer/sales/${saleId}/application`, dealerSaleSchema);
export const structureSale = (saleId: string, structure: StructureRequest) =>
  apiRequest('POST', `dealer/sales/${saleId}/structure`, dealerSaleSchema, structure);
export const sendForReview = (saleId: string) => apiRequest('POST', `dealer/sales/${saleId}/review`, dealerSaleSchema);
export const continueSale = (saleId: string, idempotencyKey: string) =>
  apiRequest('POST', `dealer/sales/${saleId}/continue`, dealerSaleSchema, { idempotencyKey });
