/**
 * The third-party sandbox origin (DESIGN.md §3): the verification widget page and its inquiry
 * API, and the insurance carrier's hand-off page. It runs on its own port so the app frames a
 * second origin, as it would in production.
 */
import Fastify from 'fastify';
import * as z from 'zod/mini';
import { carrierPage } from './carrier-page';
import { inquiryStore } from './inquiries';
import { widgetPage } from './widget-page';

const createSchema = z.object({
  templateId: z.nullish(z.string()),
  referenceId: z.nullish(z.string()),
  inquiryId: z.nullish(z.string()),
  fields: z.optional(z.record(z.string(), z.string())),
});
const decisionSchema = z.object({ status: z.enum(['approved', 'declined']) });

export function buildSandbox(options: { inquiriesFile: string; publicUrl: () => string }) {
  const app = Fastify({ logger: false });
  const inquiries = inquiryStore(options.inquiriesFile);

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
    const decided = inquiries.decide(request.params.id, input.data.status, { nameVerified: 'true' });
    return decided
      ? { id: decided.id, status: decided.status, fields: decided.fields }
      : reply.code(404).send({ message: 'No such inquiry' });
  });

  app.get<{ Params: { id: string } }>('/api/inquiries/:id', async (request, reply) => {
    const inquiry = inquiries.get(request.params.id);
    if (!inquiry) return reply.code(404).send({ message: 'No such inquiry' });
    return { id: inquiry.id, status: inquiry.status, referenceId: inquiry.referenceId, fields: inquiry.fields };
  });
  return app;
}
