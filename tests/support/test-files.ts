/** Test files with known bytes, and the checksum the tests compare stored objects with. */
import { createHash } from 'node:crypto';

export const MiB = 1024 * 1024;

/** `size` bytes that start like an MP4 (so the document is accepted), different per `seed`. */
export function video(size: number, seed = 1): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i += 512) bytes[i] = (i / 512 + seed) % 251;
  bytes.write('ftypisom', 4);
  return bytes;
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
