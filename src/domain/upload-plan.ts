/**
 * The resumable uploader's rules, shared by the API, the upload worker and the screens: how a
 * file is cut into parts (SPEC §9), which commands an upload task takes in which state (§4.5),
 * and the storage messages of §8 word for word.
 */

export const MiB = 1024 * 1024;
/** §9: up to 5 MB goes in one request; above that, parts of at least 5 MB. */
export const SINGLE_REQUEST_MAX_BYTES = 5 * MiB;
export const MIN_PART_SIZE = 5 * MiB;
export const MAX_PARTS = 10_000;
/** §9 maximum object: 5 TB (binary, as S3 counts it). */
export const MAX_OBJECT_BYTES = 5 * 1024 * 1024 * MiB;
export const PARTS_IN_FLIGHT = 4;
export const LIST_PAGE_MAX = 1000;
export const SIGNED_URL_SECONDS = 900;

/** §8 file storage messages used by this product. */
export const STORAGE_MESSAGES = {
  tooBig: 'File size bigger than S3 Object limit of 5TB',
  tooManyParts: 'Only a maximum of 10000 parts are allowed',
  sizeMismatch: 'File size does not match between local file and file on s3',
  notBlob: 'Object must be an instance of Blob',
  notFound: 'Object does not exist',
  cleanUpFailed: 'Multipart upload clean up failed',
} as const;

export type PartPlan =
  | { kind: 'single'; size: number; partSize: number; partCount: 1 }
  | { kind: 'multipart'; size: number; partSize: number; partCount: number };

export class UploadRefusal extends Error {}

/** How a file of `size` bytes is sent; refuses what S3 cannot hold. */
export function planParts(size: number): PartPlan {
  if (!Number.isSafeInteger(size) || size < 0) throw new UploadRefusal('The file size must be a whole number of bytes');
  if (size > MAX_OBJECT_BYTES) throw new UploadRefusal(STORAGE_MESSAGES.tooBig);
  if (size <= SINGLE_REQUEST_MAX_BYTES) return { kind: 'single', size, partSize: size, partCount: 1 };
  let partSize = MIN_PART_SIZE;
  while (Math.ceil(size / partSize) > MAX_PARTS) partSize *= 2;
  return { kind: 'multipart', size, partSize, partCount: Math.ceil(size / partSize) };
}

/** Byte range [start, end) of part `partNumber` (1-based). */
export function partRange(plan: Pick<PartPlan, 'size' | 'partSize'>, partNumber: number): { start: number; end: number } {
  const start = (partNumber - 1) * plan.partSize;
  return { start, end: Math.min(start + plan.partSize, plan.size) };
}

export const UPLOAD_STATUSES = ['init', 'in progress', 'paused', 'cancelled', 'completed'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];
export type UploadCommand = 'start' | 'pause' | 'resume' | 'cancel';

/** §4.5 as a table: the status each command leads to from each status; absent means refused. */
const COMMANDS: Record<UploadCommand, Partial<Record<UploadStatus, UploadStatus>>> = {
  start: { init: 'in progress' },
  pause: { init: 'paused', 'in progress': 'paused' },
  resume: { init: 'in progress', paused: 'in progress' },
  cancel: { init: 'cancelled', 'in progress': 'cancelled', paused: 'cancelled' },
};

const REFUSALS: Record<UploadCommand, string> = {
  start: 'This upload has already started.',
  pause: 'Only a running upload can be paused.',
  resume: 'This upload cannot be resumed: it is {status}.',
  cancel: 'This upload cannot be cancelled: it is {status}.',
};

/** The status after `command`, or an UploadRefusal saying why the command does not apply. */
export function applyCommand(status: UploadStatus, command: UploadCommand): UploadStatus {
  const next = COMMANDS[command][status];
  if (!next) throw new UploadRefusal(REFUSALS[command].replace('{status}', status));
  return next;
}

export function accepts(status: UploadStatus, command: UploadCommand): boolean {
  return COMMANDS[command][status] !== undefined;
}

export interface DonePart {
  partNumber: number;
  eTag: string;
  size: number;
}

/** §4.5: every part done, and the bytes they hold add up to the file. */
export function readyToComplete(plan: Pick<PartPlan, 'size' | 'partCount'>, parts: readonly DonePart[]): boolean {
  const numbers = new Set(parts.map((part) => part.partNumber));
  if (numbers.size !== parts.length || numbers.size !== plan.partCount) return false;
  for (let number = 1; number <= plan.partCount; number += 1) if (!numbers.has(number)) return false;
  return parts.reduce((sum, part) => sum + part.size, 0) === plan.size;
}

/**
 * The longest an upload waiting for storage pauses between tries while the browser is online: a
 * try costs one small request, and a person watching the item expects it to carry on within
 * seconds of storage coming back, not minutes (offline, the browser's "online" event wakes it).
 */
export const UPLOAD_WAIT_CAP_MS = 8_000;

/** §9 retry pause: exponential from 100 ms with full jitter, capped at 5 minutes (or `capMs`). */
export function backoffMs(attempt: number, random: () => number = Math.random, capMs = 5 * 60_000): number {
  const ceiling = Math.min(100 * 2 ** attempt, capMs);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
