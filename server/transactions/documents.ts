/**
 * Documents a transaction step asks for, stored under the caller's private prefix (SPEC §6) and
 * uploaded by the browser with a presigned PUT; the browser never holds storage credentials.
 * The event that reports an upload is accepted only for a key of this transaction that storage holds.
 */
import { randomUUID } from 'node:crypto';
import { HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { ProofUpload } from '../../src/domain/proof-of-address';
import type { Database } from '../db/client';
import type { UserRow } from '../users/user-records';
import { transactionFor, TransactionRefusal } from './access';

export const SIGNED_URL_SECONDS = 900; // SPEC §9 default expiry

const slotPrefix = (user: UserRow, transactionId: string) =>
  `private/${user.cognitoIdentityId ?? `user-${user.id}`}/transactions/${transactionId}/proof-of-address/`;

export async function proofOfAddressUpload(
  deps: { db: Database; s3: S3Client; bucket: string },
  transactionId: string,
  user: UserRow,
  input: ProofUpload,
) {
  await transactionFor(deps.db, transactionId, user);
  const safeName = input.fileName.replace(/[^\w.-]+/g, '-').slice(-100);
  const key = `${slotPrefix(user, transactionId)}${randomUUID()}-${safeName}`;
  const command = new PutObjectCommand({ Bucket: deps.bucket, Key: key, ContentType: input.contentType, ContentLength: input.size });
  return { key, url: await getSignedUrl(deps.s3, command, { expiresIn: SIGNED_URL_SECONDS }), expiresIn: SIGNED_URL_SECONDS };
}

/** Refuses a reported upload that is not this user's file for this transaction, or that storage does not hold. */
export async function assertUploaded(deps: { s3: S3Client; bucket: string }, transactionId: string, user: UserRow, documentKey: string) {
  if (!documentKey.startsWith(slotPrefix(user, transactionId)))
    throw new TransactionRefusal(422, 'That document does not belong to this transaction.');
  try {
    await deps.s3.send(new HeadObjectCommand({ Bucket: deps.bucket, Key: documentKey }));
  } catch {
    throw new TransactionRefusal(422, 'We did not receive that file. Upload it again.');
  }
}
