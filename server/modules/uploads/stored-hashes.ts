/**
 * The SHA-256 of files a party names as evidence (a handover record, a dispute), read back from
 * storage as stored, so what the record names is exactly those bytes. Each file must be the
 * party's own finished upload into its slot on their side of the deal (slot-documents.ts).
 */
import { createHash } from 'node:crypto';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import type { DocumentSlot } from '../../../src/domain/document-slots';
import { uploads } from '../../db/schema';
import type { UserRow } from '../../kernel/access';
import type { TransactionRow } from '../../kernel/event-log';
import type { StorageDeps } from './multipart';
import { assertDocuments } from './slot-documents';

export async function storedHashes<S extends DocumentSlot>(
  storage: StorageDeps,
  row: TransactionRow,
  user: UserRow,
  files: { slot: S; documentKey: string; fileName: string }[],
) {
  await assertDocuments(storage.db, row.id, user, files);
  return Promise.all(
    files.map(async (file) => {
      const [upload] = await storage.db.select().from(uploads).where(eq(uploads.key, file.documentKey));
      const object = await storage.s3.send(new GetObjectCommand({ Bucket: upload!.bucket, Key: upload!.key }));
      const hash = createHash('sha256');
      for await (const chunk of object.Body as AsyncIterable<Uint8Array>) hash.update(chunk);
      return { slot: file.slot, fileName: upload!.fileName, documentKey: upload!.key, sha256: hash.digest('hex') };
    }),
  );
}
