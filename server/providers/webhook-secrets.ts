/**
 * Each provider signs its webhooks with a secret of its own (`WEBHOOK_SECRET_TITLE_DESK`, …): one
 * provider's secret cannot sign another's results. A rotation gives the new secret and, as
 * `…_PREVIOUS`, the old one, accepted until `WEBHOOK_SECRET_ROTATION_UNTIL` only. The sandboxes
 * derive each provider's secret from their one seed, so the local stack hands the API the same.
 */
import { createHmac } from 'node:crypto';
import { ASYNC_PROVIDERS } from './async-providers';

export const WEBHOOK_SENDERS = [...ASYNC_PROVIDERS, 'esign'] as const;
export type WebhookSenderName = (typeof WEBHOOK_SENDERS)[number];

/** The environment variable holding `sender`'s secret: WEBHOOK_SECRET_TITLE_DESK, WEBHOOK_SECRET_ESIGN … */
export const secretVariable = (sender: WebhookSenderName) => `WEBHOOK_SECRET_${sender.toUpperCase().replaceAll('-', '_')}`;

export interface SenderSecrets {
  current: string;
  /** The secret before the current one, still accepted until `previousUntil`. */
  previous: string | null;
  previousUntil: Date | null;
}
export type WebhookSecrets = Partial<Record<WebhookSenderName, SenderSecrets>>;

/** The secrets that may sign a sender's webhook at `now`: its current one, and during a rotation the one before. */
export function acceptedSecrets(secrets: SenderSecrets, now = new Date()): string[] {
  const rotating = secrets.previous !== null && secrets.previousUntil !== null && now < secrets.previousUntil;
  return rotating ? [secrets.current, secrets.previous!] : [secrets.current];
}

/** Each sender's secrets as the environment gives them; a sender without one gets none (its webhooks are refused). */
export function secretsFromEnvironment(env: Record<string, string | undefined>, rotationUntil: Date | null): WebhookSecrets {
  return Object.fromEntries(
    WEBHOOK_SENDERS.flatMap((sender) => {
      const current = env[secretVariable(sender)];
      const previous = env[`${secretVariable(sender)}_PREVIOUS`] ?? null;
      return current ? [[sender, { current, previous, previousUntil: previous ? rotationUntil : null }]] : [];
    }),
  );
}

/** The sandboxes' secret for `sender`, derived from their seed: each sandbox provider signs with its own. */
export function derivedSecrets(seed: string): Record<WebhookSenderName, string> {
  return Object.fromEntries(
    WEBHOOK_SENDERS.map((sender) => [sender, `whsec_${createHmac('sha256', seed).update(sender).digest('base64')}`]),
  ) as Record<WebhookSenderName, string>;
}

/** The variables that give the API each sender's secret. */
export const secretEnvironment = (secrets: Record<WebhookSenderName, string>): Record<string, string> =>
  Object.fromEntries(WEBHOOK_SENDERS.map((sender) => [secretVariable(sender), secrets[sender]]));
