/**
 * Third parties that take a request now and answer later by signed webhook (DESIGN.md §9): the
 * title desk (title documents, VIN plate and odometer against the vehicle's history; later, the
 * signed-over title arriving), the inspection service (the seller's photos into a report), the
 * transport vendors (an order, its dispatch, the driver's progress) and the payments processor
 * (transfers that settle or are returned) and the dealer-lender (a dealer's credit application
 * decided). Each has an HTTP adapter — the sandbox speaks the same
 * shape — and reads its own webhooks into what they mean for us.
 */
import * as z from 'zod/mini';
import { STIPULATIONS, type LenderTerms } from '../../src/domain/dealer-contract';
import { inspectionReportSchema } from '../../src/domain/transaction-contract';
import type { ProviderEvent } from '../../src/domain/transaction-transitions';
import type { ShipmentStatus } from '../../src/domain/transport';
import type { WebhookEvent } from './webhooks';

export const ASYNC_PROVIDERS = ['title-desk', 'inspection', 'transport', 'payments', 'dealer-lender'] as const;
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

/** A provider's answer that moves a transaction along its table. */
export interface ProviderAnswer {
  transactionId: string;
  event: ProviderEvent;
  payload: Record<string, unknown>;
}

/**
 * What a verified webhook means: a transaction's next event, a shipment's progress, a transfer's
 * end, or the title arriving. One that names a transaction also names the kind of request it
 * answers (`answers`): it counts only where we made such a request to that provider.
 */
export type WebhookResult =
  | ({ kind: 'transaction'; answers: string } & ProviderAnswer)
  | { kind: 'shipment'; shipmentId: string; status: ShipmentStatus; driver: string | null }
  | { kind: 'transfer'; transferId: string; outcome: 'settled' | 'returned'; code: string | null; reason: string | null }
  | { kind: 'title received'; answers: 'title transfer'; transactionId: string }
  | { kind: 'envelope'; envelopeId: string; externalId: string }
  | {
      kind: 'lender decision';
      answers: 'credit application';
      transactionId: string;
      decision: 'approved' | 'conditional' | 'declined';
      terms: LenderTerms | null;
    };

export interface AsyncProvider {
  /** Hands the request over; resolves with the provider's id once it took it, throws when it could not. */
  submit(request: ProviderRequest): Promise<{ externalId: string }>;
  /** What a verified webhook means, or null for one that changes nothing. */
  answerOf(event: WebhookEvent): WebhookResult | null;
}

/** POSTs requests to `{baseUrl}{path}` (the path may depend on the request); a provider takes one with 202 and its id. */
function httpSubmit(baseUrl: string, path: string | ((request: ProviderRequest) => string)) {
  return async (request: ProviderRequest) => {
    const at = typeof path === 'string' ? path : path(request);
    const answer = await fetch(`${baseUrl.replace(/\/$/, '')}${at}`, {
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
    if (answer.status !== 202 && answer.status !== 200) throw new Error(`${at} answered ${answer.status}: ${await answer.text()}`);
    const { id } = z.object({ id: z.string() }).parse(await answer.json());
    return { externalId: id };
  };
}

const reference = z.object({ reference: z.uuid() });

// Transaction events by webhook type: the transaction it names (`reference`) and the rest as the payload.
const TITLE_DESK_EVENTS = {
  'title.review.approved': { event: 'title approved', data: reference },
  'title.review.photo_needed': { event: 'title photo needed', data: z.extend(reference, { documentKey: z.string(), reason: z.string() }) },
  'title.review.paused': { event: 'vehicle verification paused', data: z.extend(reference, { reason: z.string() }) },
} as const;

const INSPECTION_EVENTS = {
  'inspection.completed': { event: 'inspection completed', data: z.extend(reference, { report: inspectionReportSchema }) },
} as const;

/** Reads the webhooks in `table`, each the answer to a request of kind `answers`. */
function reader(answers: string, table: Record<string, { event: ProviderEvent; data: z.ZodMiniType<{ reference: string }> }>) {
  return (event: WebhookEvent): WebhookResult | null => {
    const entry = table[event.type];
    const data = entry?.data.safeParse(event.data);
    if (!entry || !data?.success) return null;
    const { reference: transactionId, ...payload } = data.data;
    return { kind: 'transaction', answers, transactionId, event: entry.event, payload };
  };
}

const titleDeskAnswer = (event: WebhookEvent): WebhookResult | null => {
  if (event.type !== 'title.received') return reader('review', TITLE_DESK_EVENTS)(event);
  const data = reference.safeParse(event.data);
  return data.success ? { kind: 'title received', answers: 'title transfer', transactionId: data.data.reference } : null;
};

const SHIPMENT_EVENTS: Record<string, ShipmentStatus> = {
  'order.driver_assigned': 'driver assigned',
  'order.picked_up': 'picked up',
  'order.in_transit': 'in transit',
  'order.delivered': 'delivered',
};
const shipmentAnswer = (event: WebhookEvent): WebhookResult | null => {
  const status = SHIPMENT_EVENTS[event.type];
  const data = z.extend(reference, { driver: z.optional(z.string()) }).safeParse(event.data);
  return status && data.success ? { kind: 'shipment', shipmentId: data.data.reference, status, driver: data.data.driver ?? null } : null;
};

const transferAnswer = (event: WebhookEvent): WebhookResult | null => {
  const outcome = ({ 'transfer.settled': 'settled', 'transfer.returned': 'returned' } as const)[event.type as 'transfer.settled'];
  const data = z.extend(reference, { code: z.optional(z.string()), reason: z.optional(z.string()) }).safeParse(event.data);
  if (!outcome || !data.success) return null;
  return { kind: 'transfer', transferId: data.data.reference, outcome, code: data.data.code ?? null, reason: data.data.reason ?? null };
};

const approval = z.extend(reference, { apr: z.number(), maxTermMonths: z.int(), stipulations: z.array(z.enum(STIPULATIONS)) });
const LENDER_DECISIONS = { 'application.approved': 'approved', 'application.conditionally_approved': 'conditional' } as const;
const lenderAnswer = (event: WebhookEvent): WebhookResult | null => {
  // The funding review passed: the stipulations are met and the car is what the documents say.
  if (event.type === 'funding.approved') {
    const data = reference.safeParse(event.data);
    return data.success
      ? { kind: 'transaction', answers: 'funding review', transactionId: data.data.reference, event: 'vehicle verified', payload: {} }
      : null;
  }
  if (event.type === 'application.declined') {
    const data = reference.safeParse(event.data);
    return data.success
      ? { kind: 'lender decision', answers: 'credit application', transactionId: data.data.reference, decision: 'declined', terms: null }
      : null;
  }
  const decision = LENDER_DECISIONS[event.type as keyof typeof LENDER_DECISIONS];
  const data = approval.safeParse(event.data);
  if (!decision || !data.success) return null;
  const { apr, maxTermMonths, stipulations } = data.data;
  // The lender quotes APR in percent; we keep basis points so no rate is a float.
  const terms = { aprBasisPoints: Math.round(apr * 100), maxTermMonths, stipulations };
  return { kind: 'lender decision', answers: 'credit application', transactionId: data.data.reference, decision, terms };
};

export function sandboxAsyncProviders(sandboxUrl: string): Record<AsyncProviderName, AsyncProvider> {
  return {
    'title-desk': {
      submit: httpSubmit(sandboxUrl, (request) => (request.kind === 'title transfer' ? '/title-desk/titles' : '/title-desk/reviews')),
      answerOf: titleDeskAnswer,
    },
    inspection: { submit: httpSubmit(sandboxUrl, '/inspections'), answerOf: reader('report', INSPECTION_EVENTS) },
    transport: {
      submit: httpSubmit(sandboxUrl, (request) => `/transport/${String(request.body.vendor)}/orders`),
      answerOf: shipmentAnswer,
    },
    payments: { submit: httpSubmit(sandboxUrl, '/payments/transfers'), answerOf: transferAnswer },
    'dealer-lender': {
      submit: httpSubmit(sandboxUrl, (request) =>
        request.kind === 'funding review' ? '/dealer-lender/funding-reviews' : '/dealer-lender/applications',
      ),
      answerOf: lenderAnswer,
    },
  };
}
