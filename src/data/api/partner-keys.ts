/**
 * Admins' partner keys (issue 22): the list, making one (the only answer that carries the key)
 * and revoking one. Read straight from the API: a key is never kept on the device.
 */
import * as z from 'zod/mini';
import { madePartnerKeySchema, partnerKeyListSchema, type PartnerKeyRequest } from '../../domain/partner-contract';
import { apiRequest } from './api-client';

export const partnerKeys = () => apiRequest('GET', 'admin/partner-keys', partnerKeyListSchema);
export const makePartnerKey = (request: PartnerKeyRequest) => apiRequest('POST', 'admin/partner-keys', madePartnerKeySchema, request);
export const revokePartnerKey = (keyId: string) => apiRequest('DELETE', `admin/partner-keys/${keyId}`, z.unknown());
