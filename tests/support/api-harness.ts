/** The API built in-process against the real local parts and a fresh PGlite per call. */
import { buildApi } from '../../server/api/app';
import { loadSettings } from '../../server/api/settings';
import { migratedTemplate, openDatabase } from '../../server/db/client';
import { LOCAL_STORAGE_CREDENTIALS } from '../../server/stack/storage';
import { createS3Client } from '../../server/storage/s3-client';
import type { LocalParts } from './local-parts';

let template: Promise<Blob> | undefined;

/** The API's environment for the local parts, as a deployment would set it. */
export function envFor(parts: LocalParts, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    AUTH_USER_POOL_ID: parts.identity.userPoolId,
    AUTH_USER_POOL_CLIENT_ID: parts.identity.userPoolClientId,
    AUTH_USER_POOL_ENDPOINT: parts.identity.endpoint,
    STORAGE_BUCKET: parts.storage.bucket,
    STORAGE_ENDPOINT: parts.storage.endpoint,
    STORAGE_ACCESS_KEY_ID: LOCAL_STORAGE_CREDENTIALS.accessKeyId,
    STORAGE_SECRET_ACCESS_KEY: LOCAL_STORAGE_CREDENTIALS.secretAccessKey,
    STATIC_DIR: '/nonexistent',
    VERIFICATION_WIDGET_HOST: parts.sandbox.url,
    PROVIDER_WEBHOOK_SECRET: parts.sandbox.webhookSecret,
    ...overrides,
  };
}

export function settingsFor(parts: LocalParts, overrides: Record<string, string> = {}) {
  return loadSettings(envFor(parts, overrides));
}

export async function apiFor(parts: LocalParts, overrides: Record<string, string> = {}) {
  template ??= migratedTemplate();
  const settings = settingsFor(parts, overrides);
  const database = await openDatabase({ kind: 'pglite', template: await template });
  const s3 = createS3Client(settings.storage);
  const app = await buildApi({ settings, database, s3 });
  return {
    app,
    database,
    /** One request as a client sends it: an optional bearer header and a JSON body. */
    call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, authorization?: string, body?: unknown) {
      return app.inject({
        method,
        url,
        headers: authorization ? { authorization } : {},
        ...(body === undefined ? {} : { payload: body as object }),
      });
    },
    async close() {
      await app.close();
      await database.close();
      s3.destroy();
    },
  };
}
