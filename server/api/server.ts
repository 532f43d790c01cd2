/** Opens the API's dependencies from its settings and listens. */
import { mkdirSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { join } from 'node:path';
import { openDatabase } from '../db/client';
import { createS3Client } from '../storage/s3-client';
import { buildApi } from './app';
import type { Settings } from '../config/settings';

export async function startApi(settings: Settings, options: { logger?: boolean } = {}) {
  // Told to the API's log once there is one (the database opens first).
  const logs: { warn?: FastifyBaseLogger['warn'] } = {};
  const onIdleError = (error: Error) => logs.warn?.({ error: error.message }, 'the database closed an idle connection');
  const database = await openDatabase(
    settings.databaseUrl ? { kind: 'postgres', url: settings.databaseUrl, onIdleError } : { kind: 'pglite', dataDir: pgliteDir(settings) },
  );
  const s3 = createS3Client(settings.storage);
  const app = await buildApi({ settings, database, s3, logger: options.logger });
  logs.warn = app.log.warn.bind(app.log);
  try {
    await app.listen({ host: settings.host, port: settings.port });
  } catch (error) {
    await database.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  return {
    url: `http://${settings.host}:${port}`,
    async close() {
      await app.close();
      await database.close();
      s3.destroy();
    },
  };
}

/** PGlite's files when no PostgreSQL is configured, made on the first start (the API alone, without `npm start`, found none). */
function pgliteDir(settings: Settings): string {
  const dir = join(settings.dataDir, 'db');
  mkdirSync(dir, { recursive: true });
  return dir;
}
