/** Test files with known bytes, and the checksum the tests compare stored objects with. */
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

export const MiB = 1024 * 1024;

/** `size` bytes that start like an MP4 (so the document is accepted), different per `seed`. */
export function video(size: number, seed = 1): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i += 512) bytes[i] = (i / 512 + seed) % 251;
  bytes.write('ftypisom', 4);
  return bytes;
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A real PNG photo (`width` × `height`, a diagonal gradient tinted by `seed`), so a browser shows it: the bytes differ per seed. */
export function photoPng(seed: number, width = 96, height = 64): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const check = Buffer.alloc(4);
    check.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, check]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const at = y * (width * 3 + 1) + 1 + x * 3;
      rows[at] = (x * 2 + seed * 53) % 256;
      rows[at + 1] = (y * 3 + seed * 97) % 256;
      rows[at + 2] = (x + y + seed * 31) % 256;
    }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
