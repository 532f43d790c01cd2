/**
 * The checks Amazon S3 makes on every request that s3rver 3.7 skips, so that the local stack
 * refuses what S3 would: unsigned requests to the private bucket (AccessDenied), Signature V4
 * signatures — presigned query or Authorization header — that do not match, so a presigned URL
 * binds its method, key and signed headers such as Content-Type (SignatureDoesNotMatch), a
 * checksum in a presigned URL that is not the body's (BadDigest), conditional writes
 * (`If-None-Match: *`) and reads (`If-Match`). Reads also carry `X-Content-Type-Options:
 * nosniff`, which a CDN in front of S3 adds in production. CORS preflights pass unchecked, and
 * every refusal keeps the CORS headers so a browser can read it.
 */
import { createHash, createHmac } from 'node:crypto';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import type { Context, Middleware } from './s3-multipart';

const s3rverRequire = createRequire(createRequire(import.meta.url).resolve('s3rver'));
const S3Error = s3rverRequire('./models/error') as new (code: string, message: string, detail?: object) => Error;
const cors = s3rverRequire('./middleware/cors')() as Middleware;
const accounts = s3rverRequire('./models/account') as { registry: Map<string, { accessKeys: Map<string, string> }> };

/** RFC 3986 encoding, as Signature V4 canonicalises names and values. */
const encode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();

interface Signed {
  accessKeyId: string;
  scope: string[];
  amzDate: string;
  signedHeaders: string[];
  signature: string;
  payloadHash: string;
}

/** The query as sent, decoded once; '+' is a plus, as S3 reads it. */
function rawQuery(url: string): [string, string][] {
  const search = url.split('?')[1] ?? '';
  return search
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [name = '', value = ''] = pair.split(/=(.*)/s);
      return [decodeURIComponent(name), decodeURIComponent(value)];
    });
}

function signedParts(ctx: Context, query: Map<string, string>): Signed | undefined {
  if (query.get('X-Amz-Algorithm') === 'AWS4-HMAC-SHA256') {
    const [accessKeyId = '', ...scope] = (query.get('X-Amz-Credential') ?? '').split('/');
    return {
      accessKeyId,
      scope,
      amzDate: query.get('X-Amz-Date') ?? '',
      signedHeaders: (query.get('X-Amz-SignedHeaders') ?? '').split(';'),
      signature: query.get('X-Amz-Signature') ?? '',
      payloadHash: query.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD',
    };
  }
  const header = String(ctx.headers.authorization ?? '');
  const found = /^AWS4-HMAC-SHA256 Credential=([^,]+),\s*SignedHeaders=([^,]+),\s*Signature=([0-9a-f]+)$/.exec(header);
  if (!found) return undefined;
  const [accessKeyId = '', ...scope] = found[1]!.split('/');
  return {
    accessKeyId,
    scope,
    amzDate: String(ctx.headers['x-amz-date'] ?? ''),
    signedHeaders: found[2]!.split(';'),
    signature: found[3]!,
    payloadHash: String(ctx.headers['x-amz-content-sha256'] ?? ''),
  };
}

/** Signature V4 as S3 computes it: canonical request, string to sign, key derived from the secret. */
function verifySignature(ctx: Context, query: [string, string][], signed: Signed) {
  const secret = accounts.registry.get(signed.accessKeyId)?.accessKeys.get(signed.accessKeyId);
  if (!secret) throw new S3Error('InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  const canonicalQuery = query
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [encode(name), encode(value)])
    .sort(([a = '', x = ''], [b = '', y = '']) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const headerValue = (name: string) => {
    const value = ctx.headers[name];
    return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ');
  };
  const canonicalRequest = [
    ctx.method,
    ctx.originalUrl.split('?')[0],
    canonicalQuery,
    ...signed.signedHeaders.map((name) => `${name}:${headerValue(name)}`),
    '',
    signed.signedHeaders.join(';'),
    signed.payloadHash,
  ].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', signed.amzDate, signed.scope.join('/'), sha256(canonicalRequest)].join('\n');
  const key = signed.scope.reduce<string | Buffer>((derived, part) => hmac(derived, part), `AWS4${secret}`);
  if (createHmac('sha256', key).update(stringToSign).digest('hex') !== signed.signature) {
    throw new S3Error(
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
  }
}

/** A checksum named in the presigned URL must be the body's; S3 stores nothing otherwise. */
async function verifyChecksum(ctx: Context, expected: string) {
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const actual = Buffer.alloc(4);
  actual.writeUInt32BE(crc32(body));
  if (actual.toString('base64') !== expected)
    throw new S3Error('BadDigest', 'The CRC32 you specified did not match the calculated checksum.');
  ctx.req = Readable.from([body]);
}

async function verifyConditions(ctx: Context) {
  const { bucket, key } = ctx.params as { bucket: string; key: string };
  if (!key) return;
  const isObjectWrite = ctx.method === 'PUT' && ctx.query.partNumber === undefined && !ctx.headers['x-amz-copy-source'];
  if (isObjectWrite && ctx.headers['if-none-match'] === '*' && (await ctx.store.existsObject(bucket, key)))
    throw new S3Error('PreconditionFailed', 'At least one of the pre-conditions you specified did not hold', {
      Condition: 'If-None-Match',
    });
  const ifMatch = ctx.headers['if-match'];
  if ((ctx.method === 'GET' || ctx.method === 'HEAD') && typeof ifMatch === 'string' && (await ctx.store.existsObject(bucket, key))) {
    const { etag } = await ctx.store.getMetadata(bucket, key);
    if (ifMatch.replace(/"/g, '') !== etag.replace(/"/g, ''))
      throw new S3Error('PreconditionFailed', 'At least one of the pre-conditions you specified did not hold', { Condition: 'If-Match' });
  }
}

export function requestChecks(): Middleware {
  return async function checks(ctx, next) {
    if (ctx.method === 'OPTIONS') return next();
    const [, bucket = '', ...keyParts] = ctx.path.split('/');
    ctx.params = { bucket: decodeURIComponent(bucket), key: decodeURIComponent(keyParts.join('/')) };
    await cors(ctx, async () => {
      const query = rawQuery(ctx.originalUrl);
      const signed = signedParts(ctx, new Map(query));
      if (!signed) throw new S3Error('AccessDenied', 'Access Denied');
      verifySignature(ctx, query, signed);
      const checksum = new Map(query).get('x-amz-checksum-crc32');
      if (ctx.method === 'PUT' && checksum) await verifyChecksum(ctx, checksum);
      await verifyConditions(ctx);
    });
    await next();
    if (ctx.method === 'GET' || ctx.method === 'HEAD') ctx.set('X-Content-Type-Options', 'nosniff');
  };
}
