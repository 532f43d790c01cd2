/**
 * Sends a proof-of-address file in one presigned PUT (the API signs; the browser never holds
 * storage credentials). Online only: the resumable uploader of issue 8 will keep files offline.
 */
import * as z from 'zod/mini';
import { apiRequest, NetworkError } from './api-client';

const signed = z.object({ key: z.string(), url: z.string(), expiresIn: z.number() });

/** Uploads `file` for the transaction and answers its storage key. */
export async function uploadProofOfAddress(transactionId: string, file: File): Promise<string> {
  const { key, url } = await apiRequest('POST', `transactions/${transactionId}/documents/proof-of-address`, signed, {
    fileName: file.name,
    contentType: file.type,
    size: file.size,
  });
  let answer: Response;
  try {
    answer = await fetch(url, { method: 'PUT', body: file, headers: { 'content-type': file.type } });
  } catch {
    throw new NetworkError();
  }
  if (!answer.ok) throw new Error(`The upload did not finish (storage answered ${answer.status}). Try again.`);
  return key;
}
