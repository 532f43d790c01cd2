/**
 * Document uploads through the API against the real local storage server: presigned parts,
 * completion with the size check, idempotent completion, cancel, the clean-up job, who may do
 * what, and the §5 rules with the §8 messages.
 */
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  ListMultipartUploadsCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { uploads } from '../../server/db/schema';
import { createS3Client } from '../../server/storage/s3-client';
import { abortAbandonedUploads, ABANDONED_AFTER_MS } from '../../server/modules/uploads/abandoned-uploads';
import { apiFor, settingsFor } from '../support/api-harness';
import { dealBetween } from '../support/deals';
import { sha256, MiB, video } from '../support/test-files';
import { bearerFor } from '../support/tokens';

const parts = inject('parts');
let api: Awaited<ReturnType<typeof apiFor>>;
const s3 = createS3Client(settingsFor(parts).storage);
const bucket = parts.storage.bucket;

beforeAll(async () => {
  api = await apiFor(parts);
});
afterAll(async () => {
  await api.close();
  s3.destroy();
});

const call: (typeof api)['call'] = (...args) => api.call(...args);
async function started(bearer: string, transactionId: string, size: number, fileName = 'walkaround.mp4') {
  const answer = await call('POST', '/api/uploads', bearer, {
    transactionId,
    slot: 'inspection-media',
    fileName,
    contentType: 'video/mp4',
    size,
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json() as { id: string; key: string; uploadId: string; partSize: number; partCount: number; multipart: boolean };
}

async function sendParts(bearer: string, upload: { id: string; partSize: number; partCount: number }, bytes: Buffer) {
  const numbers = Array.from({ length: upload.partCount }, (_, i) => i + 1);
  const { urls } = (await call('POST', `/api/uploads/${upload.id}/parts/sign`, bearer, { partNumbers: numbers })).json();
  return Promise.all(
    (urls as { partNumber: number; url: string; headers: Record<string, string> }[]).map(async ({ partNumber, url, headers }) => {
      const body = bytes.subarray((partNumber - 1) * upload.partSize, partNumber * upload.partSize);
      const answer = await fetch(url, { method: 'PUT', body: new Uint8Array(body), headers });
      expect(answer.status).toBe(200);
      return { partNumber, eTag: answer.headers.get('etag')! };
    }),
  );
}

describe('a recorded document', () => {
  it('is stored with the type it was signed for, cannot be replaced through its URL, and is served as an attachment', async () => {
    const { buyer, buyerTx } = await dealBetween(api, parts.identity);
    const pdf = Buffer.from('%PDF-1.4\n% a utility bill\n%%EOF\n');
    const page = Buffer.from('<html><script>alert(document.cookie)</script>'.padEnd(pdf.length, ' ').slice(0, pdf.length));
    const created = await call('POST', '/api/uploads', buyer.bearer, {
      transactionId: buyerTx,
      slot: 'proof-of-address',
      fileName: 'page.pdf',
      contentType: 'application/pdf',
      size: pdf.length,
    });
    const { id } = created.json();
    const { urls } = (await call('POST', `/api/uploads/${id}/parts/sign`, buyer.bearer, { partNumbers: [1] })).json();
    const [{ url, headers }] = urls as [{ url: string; headers: Record<string, string> }];
    expect([...new URL(url).searchParams.keys()].filter((name) => name.startsWith('x-amz-checksum'))).toEqual([]);
    const put = (body: Buffer, extra: Record<string, string> = {}) =>
      fetch(url, { method: 'PUT', body: new Uint8Array(body), headers: { ...headers, ...extra } });

    expect((await put(page, { 'content-type': 'text/html' })).status).toBe(403);
    expect((await call('GET', `/api/uploads/${id}/parts`, buyer.bearer)).json().parts).toEqual([]);
    expect((await put(pdf)).status).toBe(200);
    // Its one part is the object: what a browser whose answer got lost (then told 412) resumes from.
    expect((await call('GET', `/api/uploads/${id}/parts`, buyer.bearer)).json().parts).toEqual([
      { partNumber: 1, eTag: expect.stringMatching(/^"[0-9a-f]{32}"$/), size: pdf.length },
    ]);
    const done = await call('POST', `/api/uploads/${id}/complete`, buyer.bearer, { parts: [{ partNumber: 1, eTag: '"any"' }] });
    expect(done.json()).toMatchObject({ review: 'received', contentType: 'application/pdf' });
    // The same URL, within its 15 minutes, once more: the reviewed document stays as it is.
    expect((await put(page)).status).toBe(412);

    const [document] = (await call('GET', `/api/documents?transactionId=${buyerTx}`, buyer.bearer)).json().documents;
    const served = await fetch(document.url);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(pdf);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toBe('attachment; filename="page.pdf"');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('is served as plain bytes when its contents are not the type it claims', async () => {
    const { buyer, buyerTx } = await dealBetween(api, parts.identity);
    const page = Buffer.from('<html><script>alert(1)</script></html>');
    const { id } = (
      await call('POST', '/api/uploads', buyer.bearer, {
        transactionId: buyerTx,
        slot: 'proof-of-address',
        fileName: 'renamed.pdf',
        contentType: 'application/pdf',
        size: page.length,
      })
    ).json();
    const [{ url, headers }] = (await call('POST', `/api/uploads/${id}/parts/sign`, buyer.bearer, { partNumbers: [1] })).json().urls;
    expect((await fetch(url, { method: 'PUT', body: new Uint8Array(page), headers })).status).toBe(200);
    const done = await call('POST', `/api/uploads/${id}/complete`, buyer.bearer, { parts: [{ partNumber: 1, eTag: '"any"' }] });
    expect(done.json().review).toBe('refused');
    const served = await fetch(
      (await call('GET', `/api/documents/object?key=${encodeURIComponent(done.json().key)}`, buyer.bearer)).json().url,
    );
    expect(served.headers.get('content-type')).toBe('application/octet-stream');
    expect(served.headers.get('content-disposition')).toBe('attachment; filename="renamed.pdf"');
  });
});

describe('a multipart upload', () => {
  it('goes through in 5 MB parts, lists what storage holds, completes once and reads back byte for byte', async () => {
    const { buyer, buyerTx } = await dealBetween(api, parts.identity);
    const bytes = video(12 * MiB);
    const upload = await started(buyer.bearer, buyerTx, bytes.length);
    expect(upload).toMatchObject({ multipart: true, partSize: 5 * MiB, partCount: 3 });
    expect(upload.key).toMatch(new RegExp(`^private/.+/transactions/${buyerTx}/inspection-media/.+-walkaround\\.mp4$`));

    const sent = await sendParts(buyer.bearer, upload, bytes);
    const listed = (await call('GET', `/api/uploads/${upload.id}/parts`, buyer.bearer)).json().parts;
    expect(listed.map((part: { partNumber: number; size: number }) => [part.partNumber, part.size])).toEqual([
      [1, 5 * MiB],
      [2, 5 * MiB],
      [3, 2 * MiB],
    ]);

    const done = await call('POST', `/api/uploads/${upload.id}/complete`, buyer.bearer, { parts: sent });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ key: upload.key, size: bytes.length, review: 'received' });
    const again = await call('POST', `/api/uploads/${upload.id}/complete`, buyer.bearer, { parts: sent });
    expect(again.json()).toEqual(done.json());

    const { documents } = (await call('GET', `/api/documents?transactionId=${buyerTx}`, buyer.bearer)).json();
    expect(documents).toHaveLength(1);
    const stored = new Uint8Array(await (await fetch(documents[0].url)).arrayBuffer());
    expect(sha256(stored)).toBe(sha256(bytes));
    const byKey = await call('GET', `/api/documents/object?key=${encodeURIComponent(upload.key)}`, buyer.bearer);
    expect(byKey.json()).toMatchObject({ key: upload.key, fileName: 'walkaround.mp4' });
  });

  it('completed by several calls at once (a page reloaded while its call was under way) answers each the same document', async () => {
    const { buyer, buyerTx } = await dealBetween(api, parts.identity);
    for (const size of [800, 6 * MiB]) {
      const bytes = video(size);
      const upload = await started(buyer.bearer, buyerTx, bytes.length);
      const sent = await sendParts(buyer.bearer, upload, bytes);
      // A call every few milliseconds: the later ones come while an earlier one is recording it.
      const answers = await Promise.all(
        Array.from({ length: 30 }, async (_, index) => {
          await new Promise((resolve) => setTimeout(resolve, index * 2));
          return call('POST', `/api/uploads/${upload.id}/complete`, buyer.bearer, { parts: sent });
        }),
      );
      expect(answers.filter((answer) => answer.statusCode !== 200).map((answer) => `${answer.statusCode} ${answer.body}`)).toEqual([]);
      expect(new Set(answers.map((answer) => answer.json().key))).toEqual(new Set([upload.key]));
    }
  });

  it('is recorded when storage completed it but the answer was lost, and refused when the stored size differs', async () => {
    const { buyer, buyerTx } = await dealBetween(api, parts.identity);
    const bytes = video(11 * MiB);
    const upload = await started(buyer.bearer, buyerTx, bytes.length);
    const sent = await sendParts(buyer.bearer, upload, bytes);
    const ordered = [...sent].sort((a, b) => a.partNumber - b.partNumber).map((p) => ({ PartNumber: p.partNumber, ETag: p.eTag }));
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: upload.key,
        UploadId: upload.uploadId,
        MultipartUpload: { Parts: ordered },
      }),
    );
    const recorded = await call('POST', `/api/uploads/${upload.id}/complete`, buyer.bearer, { parts: sent });
    expect(recorded.statusCode, recorded.body).toBe(200);

    const short = await started(buyer.bearer, buyerTx, 11 * MiB, 'short.mp4');
    const first = await sendParts(buyer.bearer, { ...short, partCount: 2 }, bytes);
    // The last part holds 1 byte less than the declared size leaves for it.
    const last = await s3.send(
      new UploadPartCommand({
        Bucket: bucket,
        Key: short.key,
        UploadId: short.uploadId,
        PartNumber: 3,
        Body: bytes.subarray(10 * MiB, 11 * MiB - 1),
      }),
    );
    const mismatch = await call('POST', `/api/uploads/${short.id}/complete`, buyer.bearer, {
      parts: [...first, { partNumber: 3, eTag: last.ETag }],
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().message).toBe('File size does not match between local file and file on s3');
    const listed = (await call('GET', `/api/documents?transactionId=${buyerTx}`, buyer.bearer)).json().documents;
    expect(listed.map((doc: { fileName: string }) => doc.fileName)).toEqual(['walkaround.mp4']);
  });

  it('cancelled with parts stored leaves nothing in storage', async () => {
    const { buyer, buyerTx } = await dealBetween(api, parts.identity);
    const bytes = video(11 * MiB);
    const upload = await started(buyer.bearer, buyerTx, bytes.length);
    await sendParts(buyer.bearer, upload, bytes);
    expect((await call('DELETE', `/api/uploads/${upload.id}`, buyer.bearer)).statusCode).toBe(200);
    expect((await call('GET', `/api/uploads/${upload.id}/parts`, buyer.bearer)).statusCode).toBe(404);
    const held = await s3.send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: upload.key }));
    expect(held.Uploads ?? []).toEqual([]);
  });

  it('a document whose contents are not what its type says is recorded as refused, with the reason', async () => {
    const { buyer, buyerTx } = await dealBetween(api, parts.identity);
    const upload = await started(buyer.bearer, buyerTx, 100, 'renamed.mp4');
    const sent = await sendParts(buyer.bearer, upload, Buffer.alloc(100, 'x'));
    const done = (await call('POST', `/api/uploads/${upload.id}/complete`, buyer.bearer, { parts: sent })).json();
    expect(done.review).toBe('refused');
    expect(done.refusalReason).toMatch(/^renamed\.mp4 is named as a MP4 video but its contents are not one/);
  });
});

describe('who may touch an upload', () => {
  it('another user cannot sign, list, complete, abort or read it', async () => {
    const { buyer, buyerTx, seller } = await dealBetween(api, parts.identity);
    const bytes = video(11 * MiB);
    const upload = await started(buyer.bearer, buyerTx, bytes.length);
    const sent = await sendParts(buyer.bearer, upload, bytes);
    for (const other of [seller.bearer, await bearerFor(parts.identity)]) {
      expect((await call('POST', `/api/uploads/${upload.id}/parts/sign`, other, { partNumbers: [1] })).statusCode).toBe(404);
      expect((await call('GET', `/api/uploads/${upload.id}/parts`, other)).statusCode).toBe(404);
      expect((await call('POST', `/api/uploads/${upload.id}/complete`, other, { parts: sent })).statusCode).toBe(404);
      expect((await call('DELETE', `/api/uploads/${upload.id}`, other)).statusCode).toBe(404);
      expect(
        (
          await call('POST', '/api/uploads', other, {
            transactionId: buyerTx,
            slot: 'inspection-media',
            fileName: 'a.mp4',
            contentType: 'video/mp4',
            size: 9,
          })
        ).statusCode,
      ).toBe(404);
    }
    await call('POST', `/api/uploads/${upload.id}/complete`, buyer.bearer, { parts: sent });
    for (const other of [seller.bearer, await bearerFor(parts.identity)]) {
      expect((await call('GET', `/api/documents/object?key=${encodeURIComponent(upload.key)}`, other)).statusCode).toBe(404);
      expect((await call('GET', '/api/documents', other)).json().documents).toEqual([]);
    }
    expect((await call('GET', `/api/uploads/${upload.id}/parts`)).statusCode).toBe(401);
  });

  it('a seller-only document cannot be started on the buyer side', async () => {
    const { buyer, buyerTx } = await dealBetween(api, parts.identity);
    const title = await call('POST', '/api/uploads', buyer.bearer, {
      transactionId: buyerTx,
      slot: 'title-docs',
      fileName: 't.pdf',
      contentType: 'application/pdf',
      size: 9,
    });
    expect(title.statusCode).toBe(422);
    expect(title.json().message).toBe('This transaction does not ask for vehicle title.');
  });
});

describe('§5 rules at the boundary', () => {
  it('answers 400 with the §8 message for sizes, part lists, bucket names, keys and page sizes', async () => {
    const { buyer, buyerTx } = await dealBetween(api, parts.identity);
    const create = (body: object) =>
      call('POST', '/api/uploads', buyer.bearer, {
        transactionId: buyerTx,
        slot: 'inspection-media',
        fileName: 'a.mp4',
        contentType: 'video/mp4',
        size: 10,
        ...body,
      });
    const message = async (answer: Promise<{ statusCode: number; json(): { message: string } }>) => {
      const settled = await answer;
      expect(settled.statusCode).toBe(400);
      return settled.json().message;
    };
    expect(await message(create({ size: 5 * 1024 ** 4 + 1 }))).toBe('size: File size bigger than S3 Object limit of 5TB');
    expect(await message(create({ size: -1 }))).toBe('size: The file size must be a whole number of bytes');
    expect(await message(create({ bucket: 'Caramel_Docs' }))).toBe(
      'bucket: Bucket names are 3 to 63 lowercase letters, digits, dots and hyphens',
    );
    expect(await message(create({ bucket: '192.168.1.10' }))).toBe('bucket: A bucket name cannot look like an IP address');
    expect(await message(create({ bucket: 'my..bucket' }))).toBe('bucket: A bucket name cannot hold two dots in a row');
    expect((await create({ bucket: 'someone-elses-bucket' })).statusCode).toBe(403);

    const upload = await started(buyer.bearer, buyerTx, 11 * MiB);
    const complete = (body: object) => call('POST', `/api/uploads/${upload.id}/complete`, buyer.bearer, body);
    const needs = 'Completing a multipart upload needs at least one part, each with an ETag and part number';
    expect(await message(complete({ parts: [] }))).toBe(`parts: ${needs}`);
    expect(await message(complete({ parts: [{ partNumber: 1 }] }))).toMatch(/parts\.0\.eTag/);
    expect(await message(complete({ parts: [{ partNumber: 10_001, eTag: '"x"' }] }))).toBe(
      'parts.0.partNumber: Only a maximum of 10000 parts are allowed',
    );
    expect(await message(call('POST', `/api/uploads/${upload.id}/parts/sign`, buyer.bearer, { partNumbers: [10_001] }))).toBe(
      'partNumbers.0: Only a maximum of 10000 parts are allowed',
    );
    expect(await message(call('POST', `/api/uploads/${upload.id}/parts/sign`, buyer.bearer, { partNumbers: [4] }))).toBe(
      'This upload has 3 parts; there is no part 4.',
    );

    expect(await message(call('GET', '/api/documents?pageSize=1001', buyer.bearer))).toBe(
      'pageSize: The page size must be a number up to 1000',
    );
    expect(await message(call('GET', '/api/documents?pageSize=ten', buyer.bearer))).toMatch(/^pageSize: /);
    expect((await call('GET', '/api/documents?pageSize=ALL', buyer.bearer)).statusCode).toBe(200);
    expect(await message(call('GET', `/api/documents/object?key=${encodeURIComponent('private/../x')}`, buyer.bearer))).toBe(
      'key: That is not a valid key',
    );
  });
});

describe('the clean-up job', () => {
  it('aborts multipart uploads nobody owns and keeps the ones in use', async () => {
    const { buyer, buyerTx } = await dealBetween(api, parts.identity);
    const orphan = await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'private/nobody/orphan.bin' }));
    const stale = await started(buyer.bearer, buyerTx, 11 * MiB, 'stale.mp4');
    const fresh = await started(buyer.bearer, buyerTx, 11 * MiB, 'fresh.mp4');
    await api.database.db
      .update(uploads)
      .set({ touchedAt: sql`now() - interval '8 days'` })
      .where(eq(uploads.id, stale.id));
    expect(ABANDONED_AFTER_MS).toBe(7 * 24 * 3600 * 1000);

    // Only under private/, where the API writes: other suites keep multipart uploads of their own elsewhere.
    await abortAbandonedUploads({ db: api.database.db, s3, bucket }, { prefix: 'private/' });
    const held = (await s3.send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: 'private/' }))).Uploads ?? [];
    const ids = held.map((upload) => upload.UploadId);
    expect(ids).toContain(fresh.uploadId);
    expect(ids).not.toContain(stale.uploadId);
    expect(ids).not.toContain(orphan.UploadId);
    expect((await call('GET', `/api/uploads/${stale.id}/parts`, buyer.bearer)).statusCode).toBe(404);
  });
});
