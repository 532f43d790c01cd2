/**
 * S3 conformance: the calls the product makes, checked against the local server by default
 * or against any S3 endpoint: set S3_CONFORMANCE_BUCKET (and S3_CONFORMANCE_ENDPOINT for a
 * non-AWS server, S3_CONFORMANCE_REGION, S3_CONFORMANCE_ORIGIN for the CORS origin; credentials
 * from the usual AWS variables).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { LOCAL_STORAGE_CREDENTIALS } from '../../server/stack/storage';

const parts = inject('parts');
const remoteBucket = process.env.S3_CONFORMANCE_BUCKET;
const bucket = remoteBucket ?? parts.storage.bucket;
const origin = process.env.S3_CONFORMANCE_ORIGIN ?? parts.appOrigin;
/** A client as the product makes it: no checksum the SDK would compute by default (of an empty body, on presigned URLs). */
const clientFor = (requestChecksumCalculation: 'WHEN_REQUIRED' | 'WHEN_SUPPORTED' = 'WHEN_REQUIRED') =>
  remoteBucket
    ? new S3Client({
        region: process.env.S3_CONFORMANCE_REGION ?? 'us-west-2',
        endpoint: process.env.S3_CONFORMANCE_ENDPOINT,
        forcePathStyle: Boolean(process.env.S3_CONFORMANCE_ENDPOINT),
        requestChecksumCalculation,
      })
    : new S3Client({
        region: 'us-west-2',
        endpoint: parts.storage.endpoint,
        forcePathStyle: true,
        credentials: LOCAL_STORAGE_CREDENTIALS,
        requestChecksumCalculation,
      });
const s3 = clientFor();

const prefix = `conformance/${randomUUID()}/`;
const MiB = 1024 * 1024;

async function body(key: string, range?: string) {
  const answer = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: range }));
  return Buffer.from(await answer.Body!.transformToByteArray());
}

async function errorName(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as Error).name;
  }
  return 'no error';
}

afterAll(async () => {
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
  await Promise.all((listed.Contents ?? []).map((o) => s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: o.Key! }))));
});

describe('S3 conformance', () => {
  it('puts, gets and heads an object', async () => {
    const key = `${prefix}plain.txt`;
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: 'hello title', ContentType: 'text/plain' }));
    expect((await body(key)).toString()).toBe('hello title');
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    expect(head.ContentLength).toBe(11);
    expect(head.ContentType).toBe('text/plain');
    expect(head.ETag).toMatch(/^"[0-9a-f]{32}"$/);
  });

  it('answers a range get with just those bytes', async () => {
    const key = `${prefix}range.txt`;
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: '0123456789' }));
    expect((await body(key, 'bytes=2-5')).toString()).toBe('2345');
  });

  it('runs a multipart upload: create, parts, list parts, complete', async () => {
    const key = `${prefix}multipart.bin`;
    const first = randomBytes(5 * MiB);
    const second = randomBytes(1024);
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }));
    const etags = [];
    for (const [index, chunk] of [first, second].entries()) {
      const { ETag } = await s3.send(new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber: index + 1, Body: chunk }));
      etags.push(ETag!);
    }
    const listed = await s3.send(new ListPartsCommand({ Bucket: bucket, Key: key, UploadId }));
    expect(listed.Parts?.map((p) => [p.PartNumber, p.ETag, p.Size])).toEqual([
      [1, etags[0], 5 * MiB],
      [2, etags[1], 1024],
    ]);
    const completed = await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: key,
        UploadId,
        MultipartUpload: { Parts: etags.map((ETag, i) => ({ ETag, PartNumber: i + 1 })) },
      }),
    );
    // S3's multipart ETag: the MD5 of the parts' binary MD5s, then the part count.
    const ofParts = createHash('md5')
      .update(Buffer.concat(etags.map((eTag) => Buffer.from(eTag.replaceAll('"', ''), 'hex'))))
      .digest('hex');
    expect(completed.ETag).toBe(`"${ofParts}-2"`);
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    expect(head.ContentLength).toBe(5 * MiB + 1024);
    expect(head.ETag).toBe(completed.ETag);
    expect(Buffer.compare(await body(key), Buffer.concat([first, second]))).toBe(0);
  });

  it('keeps a part whole: a part cut off mid-body neither replaces the stored one nor gets listed', async () => {
    const key = `${prefix}cut-part.bin`;
    const whole = randomBytes(1024 * 1024);
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }));
    const { ETag } = await s3.send(new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber: 1, Body: whole }));
    const url = new URL(
      await getSignedUrl(s3, new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber: 1, ContentLength: whole.length }), {
        expiresIn: 60,
      }),
    );
    // The same part again, dropped half way: the client goes away after half the bytes it announced.
    await new Promise<void>((resolve) => {
      const sent = httpRequest(url, { method: 'PUT', headers: { 'content-length': whole.length } });
      sent.on('error', () => resolve());
      sent.write(randomBytes(whole.length / 2), () => setTimeout(() => (sent.destroy(), resolve()), 200));
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const listed = await s3.send(new ListPartsCommand({ Bucket: bucket, Key: key, UploadId }));
    expect(listed.Parts?.map((p) => [p.PartNumber, p.ETag, p.Size])).toEqual([[1, ETag, whole.length]]);
    await s3.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId }));
  });

  it('refuses to complete with a part whose ETag does not match', async () => {
    const key = `${prefix}bad-etag.bin`;
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }));
    await s3.send(new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber: 1, Body: 'x' }));
    const completion = s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: key,
        UploadId,
        MultipartUpload: { Parts: [{ ETag: '"00000000000000000000000000000000"', PartNumber: 1 }] },
      }),
    );
    expect(await errorName(completion)).toBe('InvalidPart');
    await s3.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId }));
  });

  it('aborts a multipart upload, after which it no longer exists', async () => {
    const key = `${prefix}aborted.bin`;
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }));
    await s3.send(new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber: 1, Body: 'part' }));
    await s3.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId }));
    expect(await errorName(s3.send(new ListPartsCommand({ Bucket: bucket, Key: key, UploadId })))).toBe('NoSuchUpload');
  });

  it('lists multipart uploads in progress under a prefix', async () => {
    const keys = [`${prefix}pending/a.bin`, `${prefix}pending/b.bin`];
    const ids = await Promise.all(keys.map((Key) => s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key }))));
    const listed = await s3.send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: `${prefix}pending/` }));
    expect(listed.Uploads?.map((u) => [u.Key, u.UploadId])).toEqual(keys.map((key, i) => [key, ids[i]!.UploadId]));
    await Promise.all(keys.map((Key, i) => s3.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key, UploadId: ids[i]!.UploadId }))));
  });

  it('answers NoSuchUpload for an upload id it never issued', async () => {
    const key = `${prefix}unknown.bin`;
    const UploadId = 'a'.repeat(32);
    expect(await errorName(s3.send(new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber: 1, Body: 'x' })))).toBe(
      'NoSuchUpload',
    );
    const completion = s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: key,
        UploadId,
        MultipartUpload: { Parts: [{ ETag: '"x"', PartNumber: 1 }] },
      }),
    );
    expect(await errorName(completion)).toBe('NoSuchUpload');
  });

  it('pages object listings with MaxKeys and ContinuationToken', async () => {
    const keys = Array.from({ length: 5 }, (_, i) => `${prefix}page/${i}.txt`);
    await Promise.all(keys.map((Key) => s3.send(new PutObjectCommand({ Bucket: bucket, Key, Body: Key }))));
    const seen: string[] = [];
    let ContinuationToken: string | undefined;
    let pages = 0;
    do {
      const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${prefix}page/`, MaxKeys: 2, ContinuationToken }));
      seen.push(...(page.Contents ?? []).map((o) => o.Key!));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      pages += 1;
    } while (ContinuationToken);
    expect(pages).toBe(3);
    expect(seen).toEqual(keys);
  });

  it('copies and deletes objects', async () => {
    const source = `${prefix}copy-source.txt`;
    const target = `${prefix}copy-target.txt`;
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: source, Body: 'registration' }));
    await s3.send(new CopyObjectCommand({ Bucket: bucket, Key: target, CopySource: `${bucket}/${source}` }));
    expect((await body(target)).toString()).toBe('registration');
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: target }));
    expect(await errorName(s3.send(new HeadObjectCommand({ Bucket: bucket, Key: target })))).toBe('NotFound');
  });

  it('serves a presigned GET', async () => {
    const key = `${prefix}signed-get.txt`;
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: 'signed' }));
    const url = await getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: 900 });
    const answer = await fetch(url);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('signed');
  });

  it('takes a presigned UploadPart from the app origin and exposes its ETag through CORS', async () => {
    const key = `${prefix}signed-part.bin`;
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }));
    const url = await getSignedUrl(s3, new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber: 1 }), { expiresIn: 900 });
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(200);
    // S3 echoes the origin; s3rver answers '*' for a matched rule. Browsers accept both.
    expect([origin, '*']).toContain(preflight.headers.get('access-control-allow-origin'));
    const stranger = await fetch(url, {
      method: 'OPTIONS',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'PUT' },
    });
    expect(stranger.status).toBe(403);
    const answer = await fetch(url, { method: 'PUT', body: 'part-bytes', headers: { origin } });
    expect(answer.status).toBe(200);
    expect([origin, '*']).toContain(answer.headers.get('access-control-allow-origin'));
    expect(answer.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('etag');
    const etag = answer.headers.get('etag');
    const listed = await s3.send(new ListPartsCommand({ Bucket: bucket, Key: key, UploadId }));
    expect(listed.Parts?.[0]?.ETag).toBe(etag);
    await s3.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId }));
  });

  it('refuses unsigned requests and requests whose signature does not match', async () => {
    const key = `${prefix}private.txt`;
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: 'private' }));
    const url = new URL(await getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: 900 }));
    const unsigned = await fetch(`${url.origin}${url.pathname}`);
    expect(unsigned.status).toBe(403);
    expect(await unsigned.text()).toContain('<Code>AccessDenied</Code>');
    url.searchParams.set('X-Amz-Signature', '0'.repeat(64));
    const forged = await fetch(url);
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
  });

  it('holds a presigned PUT to the content type it was signed for', async () => {
    const key = `${prefix}typed.pdf`;
    const command = new PutObjectCommand({ Bucket: bucket, Key: key, ContentType: 'application/pdf', ContentLength: 9 });
    const url = await getSignedUrl(s3, command, { expiresIn: 900, signableHeaders: new Set(['content-type']) });
    const other = await fetch(url, { method: 'PUT', body: '<b>x</b>!', headers: { 'content-type': 'text/html' } });
    expect(other.status).toBe(403);
    expect(await other.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    expect((await fetch(url, { method: 'PUT', body: '%PDF-1.4\n', headers: { 'content-type': 'application/pdf' } })).status).toBe(200);
    expect((await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ContentType).toBe('application/pdf');
  });

  it("refuses a presigned PUT whose signed checksum is not the body's (the SDK's default checksum of an empty body)", async () => {
    const key = `${prefix}checksummed.bin`;
    const url = await getSignedUrl(clientFor('WHEN_SUPPORTED'), new PutObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: 900 });
    expect(new URL(url).searchParams.get('x-amz-checksum-crc32')).toBe('AAAAAA==');
    const answer = await fetch(url, { method: 'PUT', body: 'not empty' });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('<Code>BadDigest</Code>');
    expect(await errorName(s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key })))).toBe('NotFound');
  });

  it('writes with If-None-Match: * only where no object is, and reads with If-Match only the version named', async () => {
    const key = `${prefix}write-once.txt`;
    const url = await getSignedUrl(s3, new PutObjectCommand({ Bucket: bucket, Key: key, IfNoneMatch: '*' }), { expiresIn: 900 });
    expect((await fetch(url, { method: 'PUT', body: 'first', headers: { 'if-none-match': '*' } })).status).toBe(200);
    const again = await fetch(url, { method: 'PUT', body: 'second', headers: { 'if-none-match': '*' } });
    expect(again.status).toBe(412);
    expect((await body(key)).toString()).toBe('first');
    const { ETag } = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    expect((await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key, IfMatch: ETag }))).ETag).toBe(ETag);
    expect(
      await errorName(s3.send(new GetObjectCommand({ Bucket: bucket, Key: key, IfMatch: '"0123456789abcdef0123456789abcdef"' }))),
    ).toBe('PreconditionFailed');
  });
});
