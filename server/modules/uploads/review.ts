/**
 * A first look at a stored document: its opening bytes must be the format its type claims, so a
 * renamed, empty or damaged file is refused with a reason the user can act on
 * (`/dashboard/active-transactions/view-docs/find-out-why`) instead of reaching a reviewer.
 */
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { UploadRow } from './upload-records';

const ascii = (bytes: Uint8Array, at: number, text: string) => [...text].every((char, i) => bytes[at + i] === char.charCodeAt(0));
const isoMedia = (bytes: Uint8Array) => ascii(bytes, 4, 'ftyp');

const SIGNATURES: Record<string, { name: string; matches(bytes: Uint8Array): boolean }> = {
  'application/pdf': { name: 'PDF', matches: (b) => ascii(b, 0, '%PDF-') },
  'image/jpeg': { name: 'JPEG image', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  'image/png': { name: 'PNG image', matches: (b) => b[0] === 0x89 && ascii(b, 1, 'PNG') },
  'image/heic': { name: 'HEIC photo', matches: isoMedia },
  'image/webp': { name: 'WebP image', matches: (b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP') },
  'video/mp4': { name: 'MP4 video', matches: isoMedia },
  'video/quicktime': { name: 'MOV video', matches: (b) => isoMedia(b) || ['moov', 'mdat', 'wide', 'free'].some((box) => ascii(b, 4, box)) },
  'video/webm': { name: 'WebM video', matches: (b) => b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3 },
};

/** Reviews the object whose ETag is `eTag`: a read of any other version fails with PreconditionFailed. */
export async function reviewDocument(
  s3: S3Client,
  row: UploadRow,
  eTag: string,
): Promise<{ review: 'received' | 'refused'; reason: string | null }> {
  const signature = SIGNATURES[row.contentType];
  if (!signature) return { review: 'received', reason: null };
  const head = await s3.send(new GetObjectCommand({ Bucket: row.bucket, Key: row.key, Range: 'bytes=0-15', IfMatch: eTag }));
  const bytes = await head.Body!.transformToByteArray();
  if (signature.matches(bytes)) return { review: 'received', reason: null };
  return {
    review: 'refused',
    reason:
      `${row.fileName} is named as a ${signature.name} but its contents are not one, so we cannot read it. ` +
      'It may be damaged, or saved in another format and renamed. Open it on your device to check, save or export it again, and upload the new file.',
  };
}
