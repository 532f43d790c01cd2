/**
 * The Web Push stand-in's routes: a browser's `pushManager.subscribe` (answering the standard
 * PushSubscription JSON), the RFC 8030 push endpoint the API sends to with `web-push`, and what
 * was received, decrypted, for a test or a person to read. Errors answer `{ message }`.
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { p256PublicKey } from './push-crypto';
import { pushPage } from './push-page';
import type { PushService } from './push-service';

const subscribeSchema = z.object({ applicationServerKey: z.string() });
const ENDPOINT_PATH = /^\/push\/send\/([^/]+)$/;

/**
 * A browser subscribes inside itself; on the local stack the app asks the stand-in from the page, another origin:
 * the two subscription routes answer any origin (they hold nothing a page could misuse: keys for a stand-in's inbox).
 */
const CROSS_ORIGIN = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, DELETE',
  'access-control-allow-headers': 'content-type',
};

export function pushRoutes(app: FastifyInstance, push: PushService, publicUrl: () => string) {
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/push/subscriptions')) reply.headers(CROSS_ORIGIN);
  });
  app.options('/push/subscriptions', async (_request, reply) => reply.code(204).send());
  app.options('/push/subscriptions/:id', async (_request, reply) => reply.code(204).send());
  app.post('/push/subscriptions', async (request, reply) => {
    const input = subscribeSchema.safeParse(request.body);
    if (!input.success || !p256PublicKey(input.data.applicationServerKey))
      return reply.code(400).send({ message: 'applicationServerKey must be a P-256 public key: 65 bytes, uncompressed, base64url' });
    const subscription = push.subscribe(input.data.applicationServerKey);
    return reply.code(201).send({
      endpoint: `${publicUrl()}/push/send/${subscription.id}`,
      expirationTime: null,
      keys: { p256dh: subscription.p256dh, auth: subscription.auth },
    });
  });
  app.delete<{ Params: { id: string } }>('/push/subscriptions/:id', async (request, reply) =>
    push.end(request.params.id) ? reply.code(204).send() : reply.code(404).send({ message: 'No such subscription' }),
  );

  // The push endpoint takes whatever body it is sent as bytes (web-push says application/octet-stream), in a scope of its own
  // so the sandbox's other routes keep refusing bodies they cannot read.
  void app.register(async (endpoint) => {
    endpoint.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    endpoint.post<{ Params: { id: string } }>('/push/send/:id', async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const answer = await push.send(request.params.id, { headers: request.headers, body }, new URL(publicUrl()).origin);
      if ('refused' in answer) return reply.code(answer.status).send({ message: answer.refused });
      // RFC 8030 §5: 201 Created, the message's URL in Location, and the TTL the service will keep it for.
      return reply.code(201).header('location', `/push/messages/${answer.message.id}`).header('ttl', answer.message.ttl).send();
    });
  });

  app.get<{ Querystring: { endpoint?: string; subscription?: string } }>('/push/messages', async (request, reply) => {
    const { endpoint, subscription } = request.query;
    const fromEndpoint = endpoint === undefined ? undefined : ENDPOINT_PATH.exec(URL.parse(endpoint)?.pathname ?? '')?.[1];
    if (endpoint !== undefined && !fromEndpoint)
      return reply.code(400).send({ message: 'endpoint is not a push endpoint of this service' });
    return { messages: push.messages(fromEndpoint ?? subscription) };
  });
  app.get<{ Params: { id: string } }>('/push/messages/:id', async (request, reply) => {
    const message = push.message(request.params.id);
    return message ?? reply.code(404).send({ message: 'No such message' });
  });
  app.get('/push', async (_request, reply) => reply.type('text/html').header('cache-control', 'no-store').send(pushPage(push.messages())));
}
