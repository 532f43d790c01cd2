import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { derivedSecrets } from '../providers/webhook-secrets';
import { newWebhookSecret } from '../providers/webhooks';
import { buildSandbox } from '../providers/sandbox/sandbox-app';
import { serveInChild } from './service-process';

/** The seed of the sandboxes' webhook secrets, made on the first start and kept with their data (the API is given the secrets). */
function webhookSeedIn(dataDir: string): string {
  const file = join(dataDir, 'sandbox', 'webhook-secret');
  if (!existsSync(file)) {
    mkdirSync(join(dataDir, 'sandbox'), { recursive: true });
    writeFileSync(file, newWebhookSecret(), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

await serveInChild(async (options: { host: string; port: number; dataDir: string; webhookDelayMs: number }) => {
  const url = `http://${options.host}:${options.port}`;
  const webhookSecrets = derivedSecrets(webhookSeedIn(options.dataDir));
  const app = buildSandbox({
    inquiriesFile: join(options.dataDir, 'sandbox', 'inquiries.json'),
    bankLinkFile: join(options.dataDir, 'sandbox', 'bank-link.json'),
    envelopesDir: join(options.dataDir, 'sandbox', 'envelopes'),
    pushFile: join(options.dataDir, 'sandbox', 'push.json'),
    publicUrl: () => url,
    webhookSecrets,
    webhookDelayMs: options.webhookDelayMs,
  });
  await app.listen({ host: options.host, port: options.port });
  return { url, webhookSecrets, close: () => app.close() };
});
