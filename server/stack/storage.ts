/**
 * Local S3-compatible storage: s3rver on 127.0.0.1 with objects under `<dataDir>/storage`, the
 * bucket created on start with a CORS rule for the app origins that exposes ETag (the browser
 * reads part ETags of presigned UploadPart answers) and Retry-After (a busy storage's wait, which
 * the uploader keeps to), the checks S3 makes on each request
 * (s3-request-checks.ts: signatures, checksums, conditions) and the multipart calls of
 * s3-multipart.ts. Credentials are s3rver's fixed S3RVER/S3RVER pair.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import S3rver from 's3rver';
import { multipartExtension } from './s3-multipart';
import { requestChecks } from './s3-request-checks';

export interface StorageOptions {
  host: string;
  port: number;
  dataDir: string;
  bucket: string;
  allowedOrigins: string[];
}

export const LOCAL_STORAGE_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

function corsRule(origins: string[]): string {
  const allowed = origins.map((origin) => `<AllowedOrigin>${origin}</AllowedOrigin>`).join('');
  const methods = ['GET', 'PUT', 'POST', 'DELETE', 'HEAD'].map((m) => `<AllowedMethod>${m}</AllowedMethod>`).join('');
  return `<CORSConfiguration><CORSRule>${allowed}${methods}<AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><ExposeHeader>Retry-After</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
}

export async function startStorage(options: StorageOptions): Promise<{ endpoint: string; close(): Promise<void> }> {
  const directory = join(options.dataDir, 'storage');
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    address: options.host,
    port: options.port,
    directory,
    silent: true,
    configureBuckets: [{ name: options.bucket, configs: [corsRule(options.allowedOrigins)] }],
  });
  // Koa composes its middleware on listen: slot ours in just before s3rver's router.
  server.middleware.splice(server.middleware.length - 1, 0, requestChecks() as never, multipartExtension(directory) as never);
  await server.run();
  return {
    endpoint: `http://${options.host}:${options.port}`,
    close: () => server.close(),
  };
}
