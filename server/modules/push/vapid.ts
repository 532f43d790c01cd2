/**
 * The application server's VAPID key pair (RFC 8292), which push services check every push
 * against the key a subscription was made for. In production it comes from the environment
 * (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT), so every API process signs alike and a
 * redeploy keeps people's subscriptions; elsewhere it is made once per DATA_DIR and kept there,
 * never committed. Without keys in production, notifications are off and the app does not offer them.
 */
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** How a push service can reach the sender: a mailto: or https: URL. */
  subject: string;
}

export interface VapidSource {
  production: boolean;
  dataDir: string;
  appOrigin: string;
  vapid?: { publicKey: string; privateKey: string; subject?: string };
}

export function vapidKeys(source: VapidSource): VapidKeys | undefined {
  const subject = source.vapid?.subject ?? `mailto:ops@${new URL(source.appOrigin).hostname}`;
  if (source.vapid) return { publicKey: source.vapid.publicKey, privateKey: source.vapid.privateKey, subject };
  if (source.production) return undefined;
  const file = join(source.dataDir, 'push', 'vapid.json');
  if (!existsSync(file)) keepOnce(file, JSON.stringify(webpush.generateVAPIDKeys()));
  const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  return { ...kept, subject };
}

/** Writes `content` to `file` unless another process (an API beside this one) wrote it first: whole or not at all. */
function keepOnce(file: string, content: string): void {
  mkdirSync(join(file, '..'), { recursive: true });
  const draft = `${file}.${process.pid}.${Date.now()}`;
  writeFileSync(draft, content, { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(draft, { force: true });
  }
}
