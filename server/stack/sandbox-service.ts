import { join } from 'node:path';
import { buildSandbox } from '../providers/sandbox/sandbox-app';
import { serveInChild } from './service-process';

await serveInChild(async (options: { host: string; port: number; dataDir: string }) => {
  const url = `http://${options.host}:${options.port}`;
  const app = buildSandbox({ inquiriesFile: join(options.dataDir, 'sandbox', 'inquiries.json'), publicUrl: () => url });
  await app.listen({ host: options.host, port: options.port });
  return { url, close: () => app.close() };
});
