/** Identity (with its hosted sign-in), storage and the third-party sandbox, each in its own child process (service-process.ts), started together. */
import { join } from 'node:path';
import type { WebhookSenderName } from '../providers/webhook-secrets';
import type { IdentityInfo } from './identity';
import { startService, type RunningService } from './service-process';

/** The provider sandbox: where it answers, and the secret each of its providers signs webhooks with. */
export interface SandboxInfo {
  url: string;
  webhookSecrets: Record<WebhookSenderName, string>;
}

export interface LocalServicesOptions {
  host: string;
  identityPort: number;
  /** The hosted sign-in's HTTPS port. */
  signInPort: number;
  storagePort: number;
  sandboxPort: number;
  dataDir: string;
  bucket: string;
  allowedOrigins: string[];
  /** How long the sandboxes that answer by webhook take (SANDBOX_WEBHOOK_DELAY_MS). */
  webhookDelayMs?: number;
}

export function mailboxFileIn(dataDir: string): string {
  return join(dataDir, 'identity', 'mailbox.jsonl');
}

export async function startLocalServices(options: LocalServicesOptions) {
  const { host, dataDir, bucket } = options;
  const started = await Promise.allSettled([
    startService<IdentityInfo>('identity', new URL('./identity-service.ts', import.meta.url), {
      host,
      port: options.identityPort,
      signInPort: options.signInPort,
      dataDir,
      mailboxFile: mailboxFileIn(dataDir),
      appOrigins: options.allowedOrigins,
    }),
    startService<{ endpoint: string }>(
      'storage',
      new URL('./storage-service.ts', import.meta.url),
      { host, port: options.storagePort, dataDir, bucket, allowedOrigins: options.allowedOrigins },
      ['--openssl-legacy-provider'],
    ),
    startService<SandboxInfo>('provider sandbox', new URL('./sandbox-service.ts', import.meta.url), {
      host,
      port: options.sandboxPort,
      dataDir,
      webhookDelayMs: options.webhookDelayMs ?? 1500,
    }),
  ]);
  const running = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value as RunningService<unknown>] : []));
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    // Never leave one service running when its sibling failed to start.
    await Promise.all(running.map((service) => service.stop()));
    throw failure.reason;
  }
  const [identity, storage, sandbox] = started as [
    PromiseFulfilledResult<RunningService<IdentityInfo>>,
    PromiseFulfilledResult<RunningService<{ endpoint: string }>>,
    PromiseFulfilledResult<RunningService<SandboxInfo>>,
  ];
  return {
    identity: identity.value.info,
    storage: { ...storage.value.info, bucket },
    sandbox: sandbox.value.info,
    mailboxFile: mailboxFileIn(dataDir),
    stop: async () => {
      await Promise.all(running.map((service) => service.stop()));
    },
  };
}
