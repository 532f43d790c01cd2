/**
 * Signed webhooks, as the providers send them (DESIGN.md §9): the Standard Webhooks scheme —
 * `webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<HMAC-SHA256 of id.timestamp.body>` —
 * with a 5-minute window (SPEC §9 clock skew) against replays of an old delivery. The body is a
 * `{ type, timestamp, data }` event. Sandboxes sign with the same helper.
 */
import { Webhook } from 'standardwebhooks';
import * as z from 'zod/mini';

export const webhookEventSchema = z.object({
  type: z.string().check(z.minLength(1)),
  timestamp: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

export type VerifiedWebhook = { id: string; event: WebhookEvent };

/** The delivery when its signature, timestamp and body hold up; a reason otherwise. */
export function verifyWebhook(
  secret: string,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
): VerifiedWebhook | { refused: string } {
  const header = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const id = header('webhook-id');
  const timestamp = header('webhook-timestamp');
  const signature = header('webhook-signature');
  if (!id || !timestamp || !signature) return { refused: 'webhook-id, webhook-timestamp and webhook-signature headers are required' };
  try {
    new Webhook(secret).verify(rawBody, { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signature });
  } catch (error) {
    return { refused: (error as Error).message };
  }
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return { refused: 'The body is not JSON' };
  }
  const event = webhookEventSchema.safeParse(body);
  return event.success ? { id, event: event.data } : { refused: 'The body is not a webhook event' };
}

/** The headers that sign `body` as delivery `id`, now (what a provider, or a sandbox, sends). */
export function signWebhook(secret: string, id: string, body: string, at = new Date()): Record<string, string> {
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  };
}

/** A fresh signing secret in the Standard Webhooks form (`whsec_` + base64 of 32 random bytes). */
export function newWebhookSecret(): string {
  return `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64')}`;
}
