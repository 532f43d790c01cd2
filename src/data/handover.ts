/**
 * The handover record (issue 34) from and to the API: read while the delivery page is open (both
 * parties' records, with their photos' SHA-256), and the party's own sent once, with its key.
 * The photos themselves go through the resumable uploader beforehand, offline too; the record is
 * sent when the connection is there (it carries the server's time, so it is not queued).
 */
import * as z from 'zod/mini';
import { handoverSchema, type RecordHandover } from '../domain/handover';
import { apiRequest } from './api-client';

export const fetchHandover = (transactionId: string) => apiRequest('GET', `transactions/${transactionId}/handover`, handoverSchema);

export async function sendHandover(transactionId: string, input: RecordHandover): Promise<void> {
  await apiRequest('POST', `transactions/${transactionId}/handover`, z.unknown(), input);
}
