/**
 * Local stack only (the API refuses DEV_MAILBOX_FILE in production): the codes the identity
 * sandbox would have e-mailed or texted, as a page for developers and JSON for tests.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { latestMessageFor, readMailbox } from '../../providers/dev-mailbox';
import { selfContainedPolicy } from '../guards/security-headers';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function devMailboxRoutes(app: FastifyInstance, file: string) {
  app.get('/api/dev/mailbox/latest', async (request, reply) => {
    const query = z.object({ to: z.string().min(1), subject: z.string().min(1).optional() }).safeParse(request.query);
    if (!query.success) return reply.code(400).send({ message: 'Give the address as ?to= (and a subject as &subject= if you like)' });
    const message = latestMessageFor(file, query.data.to, query.data.subject);
    return message ?? reply.code(404).send({ message: `No message for ${query.data.to} yet` });
  });

  app.get('/dev/mailbox', async (_request, reply) => {
    const rows = readMailbox(file)
      .map(
        (m) =>
          `<tr><td>${escape(m.sentAt)}</td><td>${escape(m.channel)}</td><td>${escape(m.to)}</td><td><strong>${escape(m.code ?? '')}</strong></td><td>${escape(m.subject ?? '')}</td></tr>`,
      )
      .join('');
    const body =
      rows || '<tr><td colspan="5">No messages yet. Codes sent by sign-up, verification and password reset appear here.</td></tr>';
    const page =
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Development mailbox</title>` +
      `<style>body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.5rem;text-align:left}</style></head>` +
      `<body><h1>Development mailbox</h1><p>Messages the local identity service would have sent, newest first. This page does not exist in production.</p>` +
      `<table><thead><tr><th>Sent</th><th>Channel</th><th>To</th><th>Code</th><th>Subject</th></tr></thead><tbody>${body}</tbody></table></body></html>`;
    return reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', selfContainedPolicy(page))
      .type('text/html')
      .send(page);
  });
}
