/**
 * Third parties that take a request now and answer later by signed webhook (DESIGN.md §9): the
 * title desk (title documents, VIN plate and odometer against the vehicle's history) and the
 * inspection service (the seller's photos into a report). Each has an HTTP adapter — the sandbox
 * speaks the same shape — and reads its own webhooks into a result for one transaction.
 */
import * as z from 'zod/mini';
import { inspectionReportSchema } from '../../src/domain/transaction-contract';
import type { ProviderEvent } from '../../src/domain/transaction-transitions';
import type { WebhookEvent } from './webhooks';

export const ASYNC_PROVIDERS = ['title-desk', 'inspection'] as const;
export type AsyncProviderName = (typeof ASYNC_PROVIDERS)[number];

export interface ProviderRequest {
  /** Ours, sent along so the provider's webhooks can name it. */
  id: string;
  transactionId: string;
  kind: string;
  body: Record<string, unknown>;
  /** Where the provider sends its webhooks for this request. */
  callbackUrl: string;
}

export interface ProviderAnswer {
  transactionId: string;
  event: ProviderEvent;
  payload: Record<string, unknown>;
}

export interface AsyncProvider {
  /** Hands the request over; resolves with the provider's id once it took it, throws when it could not. */
  submit(request: ProviderRequest): Promise<{ externalId: string }>;
  /** What a verified webhook means for a transaction, or null for one that changes nothing. */
  answerOf(event: WebhookEvent): ProviderAnswer | null;
}

/** POSTs requests to `{baseUrl}{path}`; a provider takes one with 202 and its id. */
function httpSubmit(baseUrl: string, path: string) {
  return async (request: ProviderRequest) => {
    const answer = await fetch(`${baseUrl.replace(/\/$/, '')}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        requestId: request.id,
        reference: request.transactionId,
        kind: request.kind,
        callbackUrl: request.callbackUrl,
        ...request.body,
      }),
      signal: AbortSignal.timeout(10_000),
    });
    if (answer.status !== 202 && answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${await answer.text()}`);
    const { id } = z.object({ id: z.string() }).parse(await answer.json());
    return { externalId: id };
  };
}

const reference = z.object({ reference: z.uuid() });

const TITLE_DESK_EVENTS = {
  'title.review.approved': { event: 'title approved', data: reference },
  'title.review.photo_needed': { event: 'title photo needed', data: z.extend(reference, { documentKey: z.string(), reason: z.string() }) },
  'title.review.paused': { event: 'vehicle verification paused', data: z.extend(reference, { reason: z.string() }) },
} as const;

const INSPECTION_EVENTS = {
  'inspection.completed': { event: 'inspection completed', data: z.extend(reference, { report: inspectionReportSchema }) },
} as const;

/** Reads a webhook by its type in `table`: the transaction it names (`reference`) and the rest as the result's payload. */
function reader(table: Record<string, { event: ProviderEvent; data: z.ZodMiniType<{ reference: string }> }>) {
  return (event: WebhookEvent): ProviderAnswer | null => {
    const entry = table[event.type];
    const data = entry?.data.safeParse(event.data);
    if (!entry || !data?.success) return null;
    const { reference: transactionId, ...payload } = data.data;
    return { transactionId, event: entry.event, payload };
  };
}

export function sandboxAsyncProviders(sandboxUrl: string): Record<AsyncProviderName, AsyncProvider> {
  return {
    'title-desk': { submit: httpSubmit(sandboxUrl, '/title-desk/reviews'), answerOf: reader(TITLE_DESK_EVENTS) },
    inspection: { submit: httpSubmit(sandboxUrl, '/inspections'), answerOf: reader(INSPECTION_EVENTS) },
  };
}
