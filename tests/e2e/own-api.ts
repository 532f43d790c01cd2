/**
 * An API of the test's own, in the test's process beside the stack global-setup.ts started: the
 * same production code serving the built app, sharing the stack's identity service and provider
 * sandboxes, on an in-memory database (PGlite) the test may also write through the engine. It is
 * for states that take many other screens to reach — a closed sale — so the screens that show them
 * are tested in Chromium without walking every step before them.
 */
import { buildApi } from '../../server/api/app';
import { loadSettings } from '../../server/config/settings';
import { migratedTemplate, openDatabase } from '../../server/db/client';
import { LOCAL_STORAGE_CREDENTIALS } from '../../server/stack/storage';
import { createS3Client } from '../../server/storage/s3-client';
import { callerOf } from '../support/api-call';
import { freePort } from '../support/free-port';

export async function startOwnApi(stackUrl: string) {
  const config = await (await fetch(`${stackUrl}/config.json`)).json();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const settings = loadSettings({
    LOCAL_STACK: 'true',
    APP_ORIGIN: url,
    HOST: '127.0.0.1',
    PORT: String(port),
    STATIC_DIR: 'dist',
    AUTH_USER_POOL_ID: config.auth.userPoolId,
    AUTH_USER_POOL_CLIENT_ID: config.auth.userPoolClientId,
    AUTH_USER_POOL_ENDPOINT: config.auth.userPoolEndpoint,
    STORAGE_BUCKET: 'caramel-documents',
    STORAGE_ENDPOINT: process.env.E2E_STORAGE_ENDPOINT,
    STORAGE_ACCESS_KEY_ID: LOCAL_STORAGE_CREDENTIALS.accessKeyId,
    STORAGE_SECRET_ACCESS_KEY: LOCAL_STORAGE_CREDENTIALS.secretAccessKey,
    VERIFICATION_WIDGET_HOST: config.verificationWidget.host,
  });
  const database = await openDatabase({ kind: 'pglite', template: await migratedTemplate() });
  const s3 = createS3Client(settings.storage);
  const app = await buildApi({ settings, database, s3 });
  await app.listen({ host: settings.host, port });
  return {
    url,
    app,
    database,
    databaseUrl: undefined,
    /** One request as a client sends it: an optional bearer header and a JSON body. */
    call: callerOf(app),
    async close() {
      await app.close();
      await database.close();
      s3.destroy();
    },
  };
}
