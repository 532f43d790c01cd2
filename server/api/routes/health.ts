/**
 * GET /api/healthz: each part is really asked (a query, a bucket HEAD, the issuer's keys),
 * each with its own time limit, so one slow part cannot hide the others' answers.
 */
import { HeadBucketCommand, type S3Client } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';

const PROBE_TIMEOUT_MS = 3000;

export interface HealthDependencies {
  pingDatabase(): Promise<void>;
  s3: S3Client;
  bucket: string;
  jwksUrl: string;
}

async function probe(check: (signal: AbortSignal) => Promise<void>): Promise<string> {
  const signal = AbortSignal.timeout(PROBE_TIMEOUT_MS);
  try {
    await Promise.race([
      check(signal),
      new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)))),
    ]);
    return 'ok';
  } catch (error) {
    return `error: ${describe(error)}`;
  }
}

function describe(error: unknown): string {
  const err = error as {
    name?: string;
    message?: string;
    cause?: { code?: string; message?: string };
    $metadata?: { httpStatusCode?: number };
  };
  if (err.cause?.code) return `${err.cause.code} ${err.cause.message ?? ''}`.trim();
  if (err.$metadata?.httpStatusCode) return `${err.name ?? 'Error'} (HTTP ${err.$metadata.httpStatusCode})`;
  return err.message || err.name || String(error);
}

export function healthRoutes(app: FastifyInstance, deps: HealthDependencies) {
  app.get('/api/healthz', async (_request, reply) => {
    const [database, storage, identity] = await Promise.all([
      probe(() => deps.pingDatabase()),
      probe(async (abortSignal) => {
        await deps.s3.send(new HeadBucketCommand({ Bucket: deps.bucket }), { abortSignal });
      }),
      probe(async (signal) => {
        const answer = await fetch(deps.jwksUrl, { signal });
        if (!answer.ok) throw new Error(`signing keys answered HTTP ${answer.status}`);
        const body = (await answer.json()) as { keys?: unknown[] };
        if (!body.keys?.length) throw new Error('signing keys are empty');
      }),
    ]);
    const parts = { database, storage, identity };
    const healthy = Object.values(parts).every((part) => part === 'ok');
    return reply
      .code(healthy ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: healthy ? 'ok' : 'error', ...parts });
  });
}
