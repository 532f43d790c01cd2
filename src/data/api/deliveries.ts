/** Admins' view of the outbox: what keeps failing to go out, and trying one again. Read from the API, never kept on the device. */
import * as z from 'zod/mini';
import { effectListSchema } from '../../domain/outbox-contract';
import { apiRequest } from './api-client';

export const failingDeliveries = () => apiRequest('GET', 'admin/outbox', effectListSchema);
export const retryDelivery = (id: number) => apiRequest('POST', `admin/outbox/${id}/retry`, z.unknown());
