/**
 * How a sandbox answers later, as a real provider does: a signed webhook (webhooks.ts) to the
 * callback URL the request named, after a delay; a delivery the API does not take (unreachable,
 * 5xx) is sent again with growing pauses, under the same id, up to 6 tries.
 */
import { randomUUID } from 'node:crypto';
import { signWebhook } from '../webhooks';

const ATTEMPTS = 6;

export function webhookSender(options: { secret: string; delayMs: number }) {
  async function deliver(url: string, id: string, body: string, attempt: number) {
    const delivered = await fetch(url, {
      method: 'POST',
      headers: signWebhook(options.secret, id, body),
      body,
      signal: AbortSignal.timeout(10_000),
    }).then(
      (answer) => answer.status < 500,
      () => false,
    );
    if (!delivered && attempt < ATTEMPTS) setTimeout(() => void deliver(url, id, body, attempt + 1), 500 * 2 ** attempt).unref();
  }

  return {
    /** Sends `type` with `data` to `url` after the sandbox's delay (times `slower` for work that takes longer). */
    send(url: string, type: string, data: Record<string, unknown>, slower = 1) {
      const body = JSON.stringify({ type, timestamp: new Date().toISOString(), data });
      setTimeout(() => void deliver(url, `msg_${randomUUID()}`, body, 1), options.delayMs * slower).unref();
    },
  };
}
export type WebhookSender = ReturnType<typeof webhookSender>;
