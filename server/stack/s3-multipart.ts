/**
 * The multipart calls s3rver 3.7 lacks or gets wrong, answered in S3's wire format: ListParts
 * and AbortMultipartUpload (405 in s3rver), ListMultipartUploads (501), NoSuchUpload for an
 * unknown upload on UploadPart and Complete (s3rver creates it or answers 500), UploadPart
 * stored whole or not at all, and Complete as S3 does it: the part checks (InvalidPart,
 * InvalidPartOrder, EntityTooSmall), the object put in place whole, and the multipart ETag.
 * Parts live where s3rver keeps them: <dir>/<bucket>/._S3rver_uploads/<uploadId>/.
 */
import { createRequire } from 'node:module';
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { dirname, join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';

const s3rverRequire = createRequire(createRequire(import.meta.url).resolve('s3rver'));
const S3Error = s3rverRequire('./models/error') as new (code: string, message: string, detail?: object) => Error;
const authenticate = s3rverRequire('./middleware/authentication')() as Middleware;
const cors = s3rverRequire('./middleware/cors')() as Middleware;

// Koa's context, as far as the storage extensions use it.
export interface Context {
  method: string;
  path: string;
  originalUrl: string;
  query: Record<string, string | undefined>;
  params: Record<string, string>;
  req: NodeJS.ReadableStream;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  etag?: string;
  status: number;
  set(header: string, value: string): void;
  store: {
    getResourcePath(bucket: string, key: string, resource: string): string;
    putMetadata(bucket: string, key: string, metadata: object, md5: string): Promise<void>;
    existsObject(bucket: string, key: string): Promise<boolean>;
    getMetadata(bucket: string, key: string): Promise<{ etag: string }>;
  };
}
type Next = () => Promise<void>;
export type Middleware = (ctx: Context, next: Next) => Promise<void>;
interface Part {
  number: number;
  etag: string;
}

const MIN_PART_SIZE = 5 * 1024 * 1024;
const COPY_CHUNK = 4 * 1024 * 1024;
const NO_SUCH_UPLOAD =
  'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.';

export function multipartExtension(storageDir: string): Middleware {
  const uploadsDir = (bucket: string) => join(storageDir, bucket, '._S3rver_uploads');

  async function uploadFor(ctx: Context) {
    const { bucket, key } = ctx.params as { bucket: string; key: string };
    const uploadId = ctx.query.uploadId ?? '';
    const dir = join(uploadsDir(bucket), uploadId);
    const storedKey = /^[0-9a-f]+$/i.test(uploadId) ? await readFile(join(dir, 'key'), 'utf8').catch(() => null) : null;
    if (storedKey !== key) throw new S3Error('NoSuchUpload', NO_SUCH_UPLOAD, { UploadId: uploadId });
    return { bucket, key, uploadId, dir };
  }

  async function storedParts(dir: string) {
    const names = (await readdir(dir)).filter((name) => /^\d+$/.test(name));
    // A part whose upload was cut off has bytes but no checksum yet: S3 does not list it, nor do we.
    const parts = await Promise.all(
      names.map(async (name) => {
        const md5 = await readFile(join(dir, `${name}.md5`), 'utf8').catch(() => null);
        if (md5 === null) return null;
        const info = await stat(join(dir, name));
        return { number: Number(name), size: info.size, etag: md5.trim(), lastModified: info.mtime };
      }),
    );
    return parts.filter((part) => part !== null).sort((a, b) => a.number - b.number);
  }

  const handlers: Record<string, (ctx: Context, next: Next) => Promise<void>> = {
    async listMultipartUploads(ctx) {
      const bucket = ctx.params.bucket!;
      const prefix = ctx.query.prefix ?? '';
      const ids = await readdir(uploadsDir(bucket)).catch(() => [] as string[]);
      const uploads = await Promise.all(
        ids.map(async (id) => {
          const dir = join(uploadsDir(bucket), id);
          const [key, info] = await Promise.all([readFile(join(dir, 'key'), 'utf8').catch(() => null), stat(dir)]);
          return { Key: key, UploadId: id, Initiated: info.birthtime.toISOString(), StorageClass: 'STANDARD' };
        }),
      );
      const matching = uploads
        .filter((upload): upload is typeof upload & { Key: string } => upload.Key !== null && upload.Key.startsWith(prefix))
        .sort((a, b) => a.Key.localeCompare(b.Key) || a.UploadId.localeCompare(b.UploadId));
      const maxUploads = Math.min(Number(ctx.query['max-uploads'] ?? 1000), 1000);
      ctx.body = {
        ListMultipartUploadsResult: {
          Bucket: bucket,
          Prefix: prefix,
          MaxUploads: maxUploads,
          IsTruncated: matching.length > maxUploads,
          Upload: matching.slice(0, maxUploads),
        },
      };
    },
    async listParts(ctx) {
      const { bucket, key, uploadId, dir } = await uploadFor(ctx);
      const marker = Number(ctx.query['part-number-marker'] ?? 0);
      const maxParts = Math.min(Number(ctx.query['max-parts'] ?? 1000), 1000);
      const after = (await storedParts(dir)).filter((part) => part.number > marker);
      const page = after.slice(0, maxParts);
      ctx.body = {
        ListPartsResult: {
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          PartNumberMarker: marker,
          NextPartNumberMarker: page.at(-1)?.number ?? marker,
          MaxParts: maxParts,
          IsTruncated: after.length > maxParts,
          StorageClass: 'STANDARD',
          Part: page.map((part) => ({
            PartNumber: part.number,
            LastModified: part.lastModified.toISOString(),
            ETag: `"${part.etag}"`,
            Size: part.size,
          })),
        },
      };
    },
    async abort(ctx) {
      const { dir } = await uploadFor(ctx);
      await rm(dir, { recursive: true, force: true });
      ctx.status = 204;
    },
    // S3 stores a part whole or not at all: a body shorter than its Content-Length is refused
    // (IncompleteBody) and a part replaces an earlier one atomically. s3rver writes in place, so
    // a late duplicate or a cut-off request could leave a half-written part that looks complete.
    async uploadPart(ctx) {
      const { dir } = await uploadFor(ctx);
      const number = Number(ctx.query.partNumber);
      if (!Number.isInteger(number) || number < 1 || number > 10_000)
        throw new S3Error('InvalidArgument', 'Part number must be an integer between 1 and 10000, inclusive');
      const expected = Number(ctx.headers['content-length']);
      const temp = join(dir, `.${number}.${randomUUID()}`);
      const hash = createHash('md5');
      let received = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          received += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(ctx.req, counter, createWriteStream(temp));
        if (Number.isFinite(expected) && received !== expected)
          throw new S3Error('IncompleteBody', 'You did not provide the number of bytes specified by the Content-Length HTTP header.');
        const md5 = hash.digest('hex');
        await writeFile(`${temp}.md5`, md5);
        await rename(temp, join(dir, String(number)));
        await rename(`${temp}.md5`, join(dir, `${number}.md5`));
        ctx.etag = md5;
        ctx.body = '';
      } finally {
        await rm(temp, { force: true });
        await rm(`${temp}.md5`, { force: true });
      }
    },
    async complete(ctx) {
      const { bucket, key, uploadId, dir } = await uploadFor(ctx);
      const requested = parseCompleteRequest(await readBody(ctx.req));
      const stored = new Map((await storedParts(dir)).map((part) => [part.number, part]));
      requested.forEach((part, index) => {
        const found = stored.get(part.number);
        if (!found || found.etag !== part.etag) {
          throw new S3Error(
            'InvalidPart',
            "One or more of the specified parts could not be found. The part might not have been uploaded, or the specified entity tag might not have matched the part's entity tag.",
            { UploadId: uploadId, PartNumber: part.number, ETag: part.etag },
          );
        }
        if (index > 0 && part.number <= requested[index - 1]!.number) {
          throw new S3Error('InvalidPartOrder', 'The list of parts was not in ascending order. Parts must be ordered by part number.', {
            UploadId: uploadId,
          });
        }
        if (index < requested.length - 1 && found.size < MIN_PART_SIZE) {
          throw new S3Error('EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed object size.', {
            ProposedSize: found.size,
            MinSizeAllowed: MIN_PART_SIZE,
            PartNumber: part.number,
          });
        }
      });
      const eTag = await assemble(ctx, bucket, key, dir, requested);
      ctx.body = { CompleteMultipartUploadResult: { Location: `/${bucket}/${key}`, Bucket: bucket, Key: key, ETag: `"${eTag}"` } };
    },
  };

  return async function multipart(ctx, next) {
    const operation = operationOf(ctx);
    if (!operation) return next();
    const [, bucket = '', ...keyParts] = ctx.path.split('/');
    ctx.params = { bucket: decodeURIComponent(bucket), key: decodeURIComponent(keyParts.join('/')) };
    await cors(ctx, () => authenticate(ctx, () => handlers[operation]!(ctx, next)));
  };
}

/**
 * Joins the parts into the object. s3rver re-reads and re-hashes the whole object here, which
 * made completing a large upload take seconds; S3 answers with the multipart ETag instead (the
 * MD5 of the parts' MD5s, '-', the part count), and the object appears whole or not at all.
 */
async function assemble(ctx: Context, bucket: string, key: string, dir: string, parts: Part[]): Promise<string> {
  const objectPath = ctx.store.getResourcePath(bucket, key, 'object');
  const temp = `${objectPath}.${randomUUID()}.partial`;
  await mkdir(dirname(objectPath), { recursive: true });
  try {
    await joinFiles(
      parts.map((part) => join(dir, String(part.number))),
      temp,
    );
    await rename(temp, objectPath);
  } finally {
    await rm(temp, { force: true });
  }
  const hash = createHash('md5');
  for (const part of parts) hash.update(Buffer.from(part.etag, 'hex'));
  const eTag = `${hash.digest('hex')}-${parts.length}`;
  await ctx.store.putMetadata(bucket, key, JSON.parse(await readFile(join(dir, 'metadata'), 'utf8')), eTag);
  await rm(dir, { recursive: true, force: true });
  return eTag;
}

async function joinFiles(sources: string[], target: string) {
  const out = await open(target, 'w');
  const chunk = Buffer.allocUnsafe(COPY_CHUNK);
  try {
    for (const source of sources) {
      const input = await open(source);
      try {
        for (;;) {
          const { bytesRead } = await input.read(chunk, 0, chunk.length);
          if (bytesRead === 0) break;
          await out.write(chunk, 0, bytesRead);
        }
      } finally {
        await input.close();
      }
    }
  } finally {
    await out.close();
  }
}

function operationOf(ctx: Context): string | undefined {
  const isObject = ctx.path.split('/').filter(Boolean).length > 1;
  const { uploadId } = ctx.query;
  if (!isObject) return ctx.method === 'GET' && 'uploads' in ctx.query ? 'listMultipartUploads' : undefined;
  if (uploadId === undefined) return undefined;
  if (ctx.method === 'GET') return 'listParts';
  if (ctx.method === 'DELETE') return 'abort';
  if (ctx.method === 'PUT' && ctx.query.partNumber !== undefined) return 'uploadPart';
  if (ctx.method === 'POST') return 'complete';
  return undefined;
}

function readBody(stream: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    stream.on('error', reject);
  });
}

function parseCompleteRequest(xml: string): Part[] {
  const parsed = new XMLParser({ isArray: (name) => name === 'Part', parseTagValue: false }).parse(xml) as {
    CompleteMultipartUpload?: { Part?: { PartNumber?: string; ETag?: string }[] };
  };
  const parts = parsed.CompleteMultipartUpload?.Part ?? [];
  if (parts.length === 0 || parts.some((part) => !part.PartNumber || !part.ETag)) {
    throw new S3Error('MalformedXML', 'The XML you provided was not well-formed or did not validate against our published schema.');
  }
  return parts.map((part) => ({ number: Number(part.PartNumber), etag: String(part.ETag).replace(/"/g, '') }));
}
