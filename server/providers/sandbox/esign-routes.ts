/**
 * The sandbox e-signature provider's API and its signing page: create an envelope, ask for a
 * recipient's signing URL, read an envelope's state and its (signed) documents; the page shows
 * each document the recipient signs with where they sign, takes their adopted signature and
 * initials, and sends them back with the outcome.
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import type { EsignProvider } from './esign';
import { envelopeRequestSchema, type StoredEnvelope, type StoredRecipient } from './esign-envelopes';
import { SANDBOX_STYLE } from './widget-page';

const viewSchema = z.object({ recipientId: z.string(), returnUrl: z.url() });
const finishSchema = z.object({
  event: z.enum(['signing_complete', 'decline', 'cancel', 'ttl_expired']),
  signature: z.optional(z.string().check(z.trim(), z.maxLength(80))),
  initials: z.optional(z.string().check(z.trim(), z.maxLength(6))),
});
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function signingPage(token: string, envelope: StoredEnvelope, recipient: StoredRecipient): string {
  const mine = envelope.documents.filter((document) => recipient.tabs.some((tab) => tab.documentId === document.documentId));
  const initials = recipient.name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .toUpperCase();
  const places = (documentId: string) => recipient.tabs.filter((tab) => tab.documentId === documentId && tab.type !== 'dateSigned').length;
  const documents = mine
    .map(
      (
        document,
      ) => `<li><a href="/esign/signing/${token}/documents/${encodeURIComponent(document.documentId)}" target="_blank" rel="noopener">${escape(document.name)}</a>
      <span class="muted">${places(document.documentId)} ${places(document.documentId) === 1 ? 'place' : 'places'} to sign or initial</span></li>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Review and sign (sandbox)</title><style>${SANDBOX_STYLE}
ol{padding-left:1.2rem} li{margin:.5rem 0} .muted{display:block;color:#52606d;font-size:.85rem}
input[type=text]{font:inherit;width:100%;padding:.6rem;border-radius:8px;border:1px solid #9aa5b1;margin-bottom:.75rem}
.check{display:flex;gap:.5rem;align-items:flex-start;font-weight:400} .check input{margin-top:.35rem}
.preview{font:italic 1.6rem Georgia,serif;color:#0d3373;border-bottom:1px solid #9aa5b1;min-height:2.4rem;margin:.25rem 0 1rem}</style></head><body>
<div class="bar"><span>E-signature · Sandbox</span></div>
<main>
<h1>Review and sign</h1>
<p>${escape(recipient.name)}, open each document below and read it. When you finish, your signature and initials are placed where each document asks.</p>
<ol>${documents}</ol>
<form method="post" action="/esign/signing/${token}/finish">
<label for="signature">Your signature (type your full name)</label>
<input id="signature" name="signature" type="text" required autocomplete="name" value="${escape(recipient.name)}">
<div class="preview" aria-hidden="true" id="preview">${escape(recipient.name)}</div>
<label for="initials">Your initials</label>
<input id="initials" name="initials" type="text" required maxlength="6" value="${escape(initials)}">
<label class="check"><input type="checkbox" required name="agree"> I have read the documents and agree to sign them electronically.</label>
<button class="primary" type="submit" name="event" value="signing_complete">Finish signing</button>
</form>
<form method="post" action="/esign/signing/${token}/finish" novalidate>
<button class="danger" type="submit" name="event" value="decline">Decline to sign</button>
<button type="submit" name="event" value="cancel">Finish later</button>
<button type="submit" name="event" value="ttl_expired">Let the session expire (sandbox)</button>
</form>
</main>
<script>const s=document.getElementById('signature'),p=document.getElementById('preview');s.oninput=()=>{p.textContent=s.value};</script>
</body></html>`;
}

export function esignRoutes(app: FastifyInstance, esign: EsignProvider, publicUrl: () => string) {
  // The signing page posts a plain HTML form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.post('/esign/envelopes', async (request, reply) => {
    const input = envelopeRequestSchema.safeParse(request.body);
    if (!input.success) return reply.code(400).send({ message: input.error.issues[0]?.message ?? 'Invalid envelope' });
    const created = esign.create(input.data);
    return 'refused' in created
      ? reply.code(400).send({ message: created.refused })
      : reply.code(201).send({ id: created.id, status: 'sent' });
  });
  app.post<{ Params: { id: string } }>('/esign/envelopes/:id/views/recipient', async (request, reply) => {
    const input = viewSchema.safeParse(request.body);
    if (!input.success) return reply.code(400).send({ message: 'recipientId and returnUrl are required' });
    const token = esign.session(request.params.id, input.data.recipientId, input.data.returnUrl);
    if (typeof token !== 'string') return reply.code(409).send({ message: token.refused });
    return { url: `${publicUrl()}/esign/signing/${token}` };
  });
  app.get<{ Params: { id: string } }>('/esign/envelopes/:id', async (request, reply) => {
    const envelope = esign.get(request.params.id);
    if (!envelope) return reply.code(404).send({ message: 'No such envelope' });
    return {
      id: envelope.id,
      status: envelope.status,
      documents: envelope.documents.map(({ documentId, sha256 }) => ({ documentId, sha256 })),
      recipients: envelope.recipients.map(({ recipientId, status, signedAt, ip }) => ({ recipientId, status, signedAt, ip })),
    };
  });
  app.get<{ Params: { id: string; documentId: string } }>('/esign/envelopes/:id/documents/:documentId', async (request, reply) => {
    const document = esign.get(request.params.id)?.documents.find((candidate) => candidate.documentId === request.params.documentId);
    if (!document) return reply.code(404).send({ message: 'No such document' });
    return reply.type('application/pdf').send(Buffer.from(document.signed ?? document.original, 'base64'));
  });

  app.get<{ Params: { token: string } }>('/esign/signing/:token', async (request, reply) => {
    const opened = esign.open(request.params.token);
    if (!opened)
      return reply
        .code(404)
        .type('text/html')
        .send('<!doctype html><title>Link used</title><p>This signing link was used or is not valid.</p>');
    if (opened.expired)
      return reply.redirect((await esign.finish(request.params.token, { event: 'ttl_expired', ip: request.ip })) ?? '/', 303);
    return reply
      .type('text/html')
      .header('cache-control', 'no-store')
      .send(signingPage(request.params.token, opened.envelope, opened.recipient));
  });
  app.get<{ Params: { token: string; documentId: string } }>('/esign/signing/:token/documents/:documentId', async (request, reply) => {
    const document = esign
      .open(request.params.token)
      ?.envelope.documents.find((candidate) => candidate.documentId === request.params.documentId);
    if (!document) return reply.code(404).send({ message: 'No such document' });
    return reply.type('application/pdf').header('content-disposition', 'inline').send(Buffer.from(document.original, 'base64'));
  });
  app.post<{ Params: { token: string } }>('/esign/signing/:token/finish', async (request, reply) => {
    const input = finishSchema.safeParse(request.body);
    if (!input.success) return reply.code(400).send({ message: 'Choose how to finish' });
    const opened = esign.open(request.params.token);
    const event = opened?.expired ? 'ttl_expired' : input.data.event;
    const signature = input.data.signature || opened?.recipient.name;
    const back = await esign.finish(request.params.token, {
      event,
      signature,
      initials: input.data.initials || signature?.[0],
      ip: request.ip,
    });
    return back ? reply.redirect(back, 303) : reply.code(404).send({ message: 'This signing link was used or is not valid.' });
  });
}
