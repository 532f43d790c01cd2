/**
 * The handover record (issue 34) from and to the API: read while the delivery page is open (both
 * parties' records, with their photos' SHA-256), and the party's own sent once, with its key.
 * The photos themselves go through the resumable uploader beforehand, offline too; the record is
 * sent when the connection is there (it carries the server's time, so it is not queued).
 */
import * as z from 'zod/mini';
import { handoverSchema, type RecordHandover } from '../../domain/handover';
import { eventAnswerSchema } from '../../domain/transaction-contract';
import type { HandoverPlan } from '../../domain/transport';
import { apiRequest } from './api-client';
import { storeDetail } from '../records/transactions';

export const fetchHandover = (transactionId: string) => apiRequest('GET', `transactions/${transactionId}/handover`, handoverSchema);

export async function sendHandover(transactionId: string, input: RecordHandover): Promise<void> {
  await apiRequest('POST', `transactions/${transactionId}/handover`, z.unknown(), input);
}

/**
 * Proposes the handover (who brings the car where and when) or agrees to the other party's, where
 * the parties arrange it themselves; the answer is the transaction as it now stands, saved at once.
 * Online only: a proposal the other party reads must be the one the server holds.
 */
export async function proposeHandover(transactionId: string, plan: HandoverPlan): Promise<void> {
  const answer = await apiRequest('POST', `transactions/${transactionId}/handover/plan`, eventAnswerSchema, plan);
  await storeDetail(answer.transaction);
}

export async function agreeHandover(transactionId: string, idempotencyKey: string): Promise<void> {
  const answer = await apiRequest('POST', `transactions/${transactionId}/handover/plan/agree`, eventAnswerSchema, { idempotencyKey });
  await storeDetail(answer.transaction);
}
