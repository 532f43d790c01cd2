/**
 * The documents a transaction asks for, and the requests the API takes for uploading and
 * reading them (typed once here, parsed at the API boundary, reused by the upload worker).
 * Storage rules are SPEC §5; the messages are §8's where it has one.
 */
import * as z from 'zod/mini';
import type { Step } from './transaction-steps';
import { LIST_PAGE_MAX, MAX_OBJECT_BYTES, MAX_PARTS, STORAGE_MESSAGES } from './upload-plan';

const PAPER = ['application/pdf', 'image/jpeg', 'image/png', 'image/heic'] as const;
const BOTH = ['buyer', 'seller'] as const;
const SELLER = ['seller'] as const;
const BUYER = ['buyer'] as const;
const PHOTO = [...PAPER.slice(1), 'image/webp'] as const;
const MEDIA = [...PHOTO, 'video/mp4', 'video/quicktime', 'video/webm'] as const;

const PHOTO_LIMIT = 50 * 1024 * 1024;
const photo = (label: string, step: Step) => ({ label, step, sides: SELLER, types: PHOTO, maxBytes: PHOTO_LIMIT, inStep: true }) as const;

/**
 * Every slot, with the step it belongs to and what it takes. `inStep` slots are filled from inside
 * their step (each photo the step asks for has one), not from the documents page.
 */
export const DOCUMENT_SLOTS = {
  'proof-of-address': { label: 'Proof of address', step: 'identity', sides: BOTH, types: PAPER, maxBytes: 5 * 1024 * 1024 },
  'entity-docs': { label: 'Business documents', step: 'payment', sides: BUYER, types: PAPER, maxBytes: 25 * 1024 * 1024, inStep: true },
  'title-docs': { label: 'Vehicle title', step: 'title', sides: SELLER, types: PAPER, maxBytes: 100 * 1024 * 1024 },
  'ownership-docs': { label: 'Registration and ownership', step: 'title', sides: SELLER, types: PAPER, maxBytes: 100 * 1024 * 1024 },
  'vehicle-docs': { label: 'Vehicle records', step: 'title', sides: SELLER, types: PAPER, maxBytes: 100 * 1024 * 1024 },
  'inspection-media': { label: 'Inspection photos and videos', step: 'inspection', sides: BOTH, types: MEDIA, maxBytes: MAX_OBJECT_BYTES },
  'title-front': { ...photo('Front of the title', 'title'), types: PAPER },
  'title-back': { ...photo('Back of the title', 'title'), types: PAPER },
  'vin-plate': photo('VIN plate photo', 'title'),
  odometer: photo('Odometer photo', 'title'),
  'inspection-front': photo('Inspection: front', 'inspection'),
  'inspection-back': photo('Inspection: back', 'inspection'),
  'inspection-driver-side': photo('Inspection: driver side', 'inspection'),
  'inspection-passenger-side': photo('Inspection: passenger side', 'inspection'),
  'inspection-interior': photo('Inspection: interior', 'inspection'),
  'inspection-odometer': photo('Inspection: odometer', 'inspection'),
  'inspection-tyres': photo('Inspection: tyres', 'inspection'),
  'inspection-damage': photo('Inspection: damage', 'inspection'),
  // A dealer's financed sale: the customer's signed credit application, and what the lender's stipulations ask for (the dealer is the seller side).
  'credit-application': {
    label: 'Signed credit application',
    step: 'financing',
    sides: SELLER,
    types: PAPER,
    maxBytes: 25 * 1024 * 1024,
    inStep: true,
  },
  'proof-of-income': { label: 'Proof of income', step: 'financing', sides: SELLER, types: PAPER, maxBytes: 25 * 1024 * 1024, inStep: true },
  'proof-of-residence': {
    label: 'Proof of residence',
    step: 'financing',
    sides: SELLER,
    types: PAPER,
    maxBytes: 25 * 1024 * 1024,
    inStep: true,
  },
  // The handover record (handover.ts): either party, at pickup or delivery.
  'handover-odometer': { ...photo('Handover: odometer', 'transport'), sides: BOTH },
  'handover-front': { ...photo('Handover: front', 'transport'), sides: BOTH },
  'handover-back': { ...photo('Handover: back', 'transport'), sides: BOTH },
  'handover-driver-side': { ...photo('Handover: driver’s side', 'transport'), sides: BOTH },
  'handover-passenger-side': { ...photo('Handover: passenger’s side', 'transport'), sides: BOTH },
  // Photos, videos and documents a party sends in the deal's thread (issue 33): the other party reads them there.
  'message-attachment': {
    label: 'Sent in a message',
    step: 'inspection',
    sides: BOTH,
    types: [...MEDIA, 'application/pdf'],
    maxBytes: MAX_OBJECT_BYTES,
    inStep: true,
  },
  // Evidence in a delivery dispute (delivery.ts): photos, videos or documents either party adds to the case.
  'dispute-evidence': {
    label: 'Evidence in a dispute',
    step: 'transport',
    sides: BOTH,
    types: [...MEDIA, 'application/pdf'],
    maxBytes: MAX_OBJECT_BYTES,
    inStep: true,
  },
  'insurance-card': {
    label: 'Proof of insurance',
    step: 'financing',
    sides: SELLER,
    types: PAPER,
    maxBytes: 25 * 1024 * 1024,
    inStep: true,
  },
} as const satisfies Record<
  string,
  { label: string; step: Step; sides: readonly string[]; types: readonly string[]; maxBytes: number; inStep?: boolean }
>;
export type DocumentSlot = keyof typeof DOCUMENT_SLOTS;
export const DOCUMENT_SLOT_NAMES = Object.keys(DOCUMENT_SLOTS) as DocumentSlot[];

const TYPE_NAMES: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/heic': 'HEIC',
  'image/webp': 'WebP',
  'video/mp4': 'MP4',
  'video/quicktime': 'MOV',
  'video/webm': 'WebM',
};

/** "PDF, JPEG, PNG or HEIC" */
export function acceptedTypesText(slot: DocumentSlot): string {
  const names = DOCUMENT_SLOTS[slot].types.map((type) => TYPE_NAMES[type] ?? type);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names.join('');
}

function sizeText(bytes: number): string {
  return bytes >= 1024 ** 4 ? `${bytes / 1024 ** 4} TB` : `${Math.round(bytes / 1024 / 1024)} MB`;
}

/** The first problem with `file` for `slot`, in the words the user reads, or undefined when it can be sent. */
export function fileProblem(slot: DocumentSlot, file: { name: string; type: string; size: number }): string | undefined {
  const rules = DOCUMENT_SLOTS[slot];
  if (file.size > MAX_OBJECT_BYTES) return STORAGE_MESSAGES.tooBig;
  if (!(rules.types as readonly string[]).includes(file.type)) return `${file.name}: upload a ${acceptedTypesText(slot)} file`;
  if (file.size === 0) return `${file.name} is empty`;
  if (file.size > rules.maxBytes) return `${file.name} is over ${sizeText(rules.maxBytes)}; upload a smaller file`;
  return undefined;
}

/** §5 bucket names: 3-63 characters of lowercase letters, digits, dots and hyphens; not IP-like; no consecutive dots. */
export const bucketNameSchema = z.string().check(
  z.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'Bucket names are 3 to 63 lowercase letters, digits, dots and hyphens'),
  z.refine((name) => !/^\d+\.\d+\.\d+\.\d+$/.test(name), 'A bucket name cannot look like an IP address'),
  z.refine((name) => !name.includes('..'), 'A bucket name cannot hold two dots in a row'),
);

/** An object key as S3 takes it: 1-1024 bytes, no path tricks. */
export const objectKeySchema = z.string().check(
  z.minLength(1, 'A key is required'),
  z.refine((key) => new TextEncoder().encode(key).length <= 1024, 'A key is at most 1024 bytes'),
  z.refine((key) => !key.split('/').includes('..') && !key.startsWith('/'), 'That is not a valid key'),
);

const partNumber = z
  .number()
  .check(
    z.int('Part numbers are whole numbers'),
    z.minimum(1, 'Part numbers start at 1'),
    z.maximum(MAX_PARTS, STORAGE_MESSAGES.tooManyParts),
  );

export const createUploadSchema = z.object({
  transactionId: z.uuid('That is not a transaction id'),
  slot: z.enum(DOCUMENT_SLOT_NAMES as [DocumentSlot, ...DocumentSlot[]], 'That is not a document this transaction asks for'),
  fileName: z.string().check(z.trim(), z.minLength(1, 'Choose a file'), z.maxLength(200, 'Rename the file to under 200 characters')),
  contentType: z.string().check(z.minLength(1, 'The file type is missing')),
  size: z
    .number()
    .check(
      z.int('The file size must be a whole number of bytes'),
      z.minimum(0, 'The file size must be a whole number of bytes'),
      z.maximum(MAX_OBJECT_BYTES, STORAGE_MESSAGES.tooBig),
    ),
  bucket: z.optional(bucketNameSchema),
});
export type CreateUpload = z.infer<typeof createUploadSchema>;

export const signPartsSchema = z.object({
  partNumbers: z
    .array(partNumber)
    .check(z.minLength(1, 'Name at least one part to sign'), z.maxLength(100, 'Sign at most 100 parts at a time')),
});

const COMPLETE_NEEDS = 'Completing a multipart upload needs at least one part, each with an ETag and part number';
export const completeUploadSchema = z.object({
  parts: z
    .array(z.object({ partNumber, eTag: z.string().check(z.minLength(1, COMPLETE_NEEDS)) }, COMPLETE_NEEDS), COMPLETE_NEEDS)
    .check(z.minLength(1, COMPLETE_NEEDS)),
});
export type CompleteUpload = z.infer<typeof completeUploadSchema>;

/** List page size: a number up to 1000 (§5); `ALL` reads every page. */
export const listDocumentsSchema = z.object({
  transactionId: z.optional(z.uuid('That is not a transaction id')),
  pageSize: z.optional(
    z.union([
      z.literal('ALL'),
      z.coerce
        .number('The page size must be a number up to 1000')
        .check(
          z.int('The page size must be a number up to 1000'),
          z.minimum(1, 'The page size must be a number up to 1000'),
          z.maximum(LIST_PAGE_MAX, 'The page size must be a number up to 1000'),
        ),
    ]),
  ),
  after: z.optional(
    z.string().check(z.refine((token) => pageTokenParts(token) !== undefined, 'That is not a page token; ask for the first page again')),
  ),
});

const PAGE_TOKEN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** A documents page token (`{completedAt ISO}|{id}` of the page's last row) read back, or undefined when it is not one. */
export function pageTokenParts(token: string): { at: Date; id: string } | undefined {
  const [, iso = '', id = ''] = PAGE_TOKEN.exec(token) ?? [];
  const at = new Date(iso);
  // A date that rolls over (February 30th) or lies outside what a timestamp holds is not one we made.
  return !Number.isNaN(at.getTime()) && at.toISOString() === iso ? { at, id } : undefined;
}

export const documentKeySchema = z.object({ key: objectKeySchema });
