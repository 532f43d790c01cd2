/**
 * The third-party sandbox origin (DESIGN.md §3, §9): the verification widget page and its inquiry
 * API, the insurance carrier's hand-off page, the providers that answer later by signed
 * webhook (title desk, inspection), and the stand-in for a browser's Web Push service. It runs on
 * its own port so the app frames a second origin, as it would in production.
 */
import Fastify from 'fastify';
import * as z from 'zod/mini';
import { TRANSPORT_VENDORS, type TransportVendor } from '../../../src/domain/transport';
import { bankLinkStore } from './bank-link';
import { bankLinkRoutes } from './bank-link-routes';
import { carrierPage } from './carrier-page';
import { creditApplicationRequestSchema, dealerLender, fundingReviewSchema } from './dealer-lender';
import { esignProvider } from './esign';
import { esignRoutes } from './esign-routes';
import { inquiryStore } from './inquiries';
import { inspectionRequestSchema, inspections } from './inspection';
import { paymentsProcessor, transferRequestSchema } from './payments';
import { pushRoutes } from './push-routes';
import { pushService } from './push-service';
import { titleDesk, titleReviewSchema, titleTransferSchema } from './title-desk';
import { orderSchema, quoteRequestSchema, quotesFor, transportVendor } from './transport-vendors';
import type { WebhookSenderName } from '../webhook-secrets';
import { webhookSender } from './webhook-sender';
import { widgetPage } from './widget-page';

const createSchema = z.object({
  templateId: z.nullish(z.string()),
  referenceId: z.nullish(z.string()),
  inquiryId: z.nullish(z.string()),
  fields: z.optional(z.record(z.string(), z.string())),
});
const decisionSchema = z.object({ status: z.enum(['approved', 'declined']), review: z.optional(z.literal('manual')) });

export interface SandboxOptions {
  inquiriesFile: string;
  bankLinkFile: string;
  envelopesDir: string;
  /** Where the Web Push stand-in keeps its subscriptions and messages; in memory only without it. */
  pushFile?: string;
  publicUrl: () => string;
  /** The secret each provider signs its webhooks with (the API holds the same, WEBHOOK_SECRET_…). */
  webhookSecrets: Record<WebhookSenderName, string>;
  /** How long the providers that answer later take before their webhook. */
  webhookDelayMs: number;
}

export function buildSandbox(options: SandboxOptions) {
  const app = Fastify({ logger: false });
  const inquiries = inquiryStore(options.inquiriesFile);
  const webhooks = (sender: WebhookSenderName) =>
    webhookSender({ secret: options.webhookSecrets[sender], delayMs: options.webhookDelayMs });
  const desk = titleDesk(webhooks('title-desk'));
  const inspectionService = inspections(webhooks('inspection'));
  const bankLink = bankLinkStore(options.bankLinkFile);
  const payments = paymentsProcessor(bankLink, webhooks('payments'));
  const vendors = Object.fromEntries(TRANSPORT_VENDORS.map((vendor) => [vendor, transportVendor(vendor, webhooks('transport'))])) as Record<
    TransportVendor,
    ReturnType<typeof transportVendor>
  >;
  const badRequest = (issues: z.core.$ZodIssue[], fallback: string) => ({ message: issues[0]?.message ?? fallback });

  // Providers that answer later: they take a request (202 with their id), then send a signed webhook.
  app.post('/title-desk/reviews', async (request, reply) => {
    const review = titleReviewSchema.safeParse(request.body);
    if (!review.success) return reply.code(400).send({ message: review.error.issues[0]?.message ?? 'Invalid review request' });
    return reply.code(202).send({ id: desk.take(review.data) });
  });
  app.post('/title-desk/titles', async (request, reply) => {
    const transfer = titleTransferSchema.safeParse(request.body);
    if (!transfer.success) return reply.code(400).send(badRequest(transfer.error.issues, 'Invalid title request'));
    return reply.code(202).send({ id: desk.receive(transfer.data) });
  });
  const lender = dealerLender(webhooks('dealer-lender'));
  app.post('/dealer-lender/applications', async (request, reply) => {
    const application = creditApplicationRequestSchema.safeParse(request.body);
    if (!application.success) return reply.code(400).send(badRequest(application.error.issues, 'Invalid credit application'));
    return reply.code(202).send({ id: lender.take(application.data) });
  });
  app.post('/dealer-lender/funding-reviews', async (request, reply) => {
    const review = fundingReviewSchema.safeParse(request.body);
    if (!review.success) return reply.code(400).send(badRequest(review.error.issues, 'Invalid funding review'));
    return reply.code(202).send({ id: lender.review(review.data) });
  });
  app.post('/inspections', async (request, reply) => {
    const inspection = inspectionRequestSchema.safeParse(request.body);
    if (!inspection.success) return reply.code(400).send({ message: inspection.error.issues[0]?.message ?? 'Invalid inspection request' });
    return reply.code(202).send({ id: inspectionService.take(inspection.data) });
  });

  app.post('/payments/transfers', async (request, reply) => {
    const transfer = transferRequestSchema.safeParse(request.body);
    if (!transfer.success) return reply.code(400).send(badRequest(transfer.error.issues, 'Invalid transfer'));
    const taken = payments.take(transfer.data);
    return typeof taken === 'string' ? reply.code(202).send({ id: taken }) : reply.code(422).send({ message: taken.refused });
  });
  bankLinkRoutes(app, bankLink);
  esignRoutes(app, esignProvider(options.envelopesDir, webhooks('esign')), options.publicUrl);
  pushRoutes(app, pushService(options.pushFile), options.publicUrl);

  // Transport vendors: quotes at once, orders later by webhook.
  const vendorOf = (name: string) => (TRANSPORT_VENDORS as readonly string[]).includes(name) && (name as TransportVendor);
  app.post<{ Params: { vendor: string } }>('/transport/:vendor/quotes', async (request, reply) => {
    const vendor = vendorOf(request.params.vendor);
    const input = quoteRequestSchema.safeParse(request.body);
    if (!vendor) return reply.code(404).send({ message: 'No such vendor' });
    if (!input.success) return reply.code(400).send(badRequest(input.error.issues, 'Invalid quote request'));
    const quotes = quotesFor(vendor, input.data);
    return 'refused' in quotes ? reply.code(422).send({ message: quotes.refused }) : { quotes };
  });
  app.post<{ Params: { vendor: string } }>('/transport/:vendor/orders', async (request, reply) => {
    const vendor = vendorOf(request.params.vendor);
    const input = orderSchema.safeParse(request.body);
    if (!vendor) return reply.code(404).send({ message: 'No such vendor' });
    if (!input.success) return reply.code(400).send(badRequest(input.error.issues, 'Invalid order'));
    return reply.code(202).send({ id: vendors[vendor].take(input.data) });
  });

  app.get('/widget', async (_request, reply) =>
    reply
      .type('text/html')
      .header('cache-control', 'no-store')
      .send(widgetPage({ apiBase: options.publicUrl() })),
  );
  app.get('/carrier', async (_request, reply) => reply.type('text/html').header('cache-control', 'no-store').send(carrierPage()));

  app.post('/api/inquiries', async (request, reply) => {
    const input = createSchema.safeParse(request.body);
    if (!input.success) return reply.code(400).send({ message: 'templateId or inquiryId is required' });
    const resumed = input.data.inquiryId ? inquiries.get(input.data.inquiryId) : undefined;
    if (resumed) return { id: resumed.id, sessionToken: resumed.sessionToken };
    const created = inquiries.create({
      templateId: input.data.templateId ?? null,
      referenceId: input.data.referenceId ?? null,
      fields: input.data.fields ?? {},
    });
    return reply.code(201).send({ id: created.id, sessionToken: created.sessionToken });
  });

  app.post<{ Params: { id: string } }>('/api/inquiries/:id/decision', async (request, reply) => {
    const input = decisionSchema.safeParse(request.body);
    if (!input.success) return reply.code(400).send({ message: 'status must be approved or declined' });
    const decided = inquiries.decide(request.params.id, input.data.status, {
      nameVerified: 'true',
      ...(input.data.review ? { manualReview: 'true' } : {}),
    });
    return decided
      ? { id: decided.id, status: decided.status, fields: decided.fields }
      : reply.code(404).send({ message: 'No such inquiry' });
  });

  app.get<{ Params: { id: string } }>('/api/inquiries/:id', async (request, reply) => {
    const inquiry = inquiries.get(request.params.id);
    if (!inquiry) return reply.code(404).send({ message: 'No such inquiry' });
    return {
      id: inquiry.id,
      status: inquiry.status,
      referenceId: inquiry.referenceId,
      templateId: inquiry.templateId,
      fields: inquiry.fields,
    };
  });
  return app;
}
