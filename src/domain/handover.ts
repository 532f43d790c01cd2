/**
 * The handover record (issue 34): at pickup or delivery, each party records on their phone the
 * odometer (a photo and the reading), the car from the sides asked for, and whether the keys and
 * the title changed hands. The server stamps the time and the SHA-256 of each photo as stored, so
 * the record can later be checked against the files; it joins the deal's timeline and its PDF.
 */
import * as z from 'zod/mini';
import { documentRef } from './payload-fields';

/** The photos asked for, each its own upload slot (document-slots.ts), in the order the form shows them. */
export const HANDOVER_PHOTOS = [
  { slot: 'handover-odometer', label: 'The odometer' },
  { slot: 'handover-front', label: 'The front' },
  { slot: 'handover-back', label: 'The back' },
  { slot: 'handover-driver-side', label: 'The driver’s side' },
  { slot: 'handover-passenger-side', label: 'The passenger’s side' },
] as const;
export type HandoverSlot = (typeof HANDOVER_PHOTOS)[number]['slot'];
export const HANDOVER_SLOTS = HANDOVER_PHOTOS.map((photo) => photo.slot) as [HandoverSlot, ...HandoverSlot[]];

export const recordHandoverSchema = z.object({
  odometerMiles: z
    .int('Enter the odometer reading in whole miles')
    .check(z.minimum(0, 'Enter the odometer reading in whole miles'), z.maximum(2_000_000, 'That reading is too high; check it')),
  keysHandedOver: z.boolean('Say whether the keys changed hands'),
  titleHandedOver: z.boolean('Say whether the title changed hands'),
  photos: z
    .array(z.extend(documentRef, { slot: z.enum(HANDOVER_SLOTS, 'That is not a photo the handover asks for') }))
    .check(
      z.refine(
        (photos) => HANDOVER_SLOTS.every((slot) => photos.some((photo) => photo.slot === slot)),
        'Add a photo of the odometer and of each side of the car',
      ),
    ),
  idempotencyKey: z.uuid('idempotencyKey must be a UUID made when the record was sent'),
});
export type RecordHandover = z.infer<typeof recordHandoverSchema>;

export const handoverRecordSchema = z.object({
  side: z.enum(['buyer', 'seller']),
  /** "you", or the other party as the reader knows them. */
  by: z.string(),
  odometerMiles: z.number(),
  keysHandedOver: z.boolean(),
  titleHandedOver: z.boolean(),
  /** Server time. */
  recordedAt: z.string(),
  photos: z.array(z.object({ slot: z.enum(HANDOVER_SLOTS), fileName: z.string(), documentKey: z.string(), sha256: z.string() })),
});
export type HandoverRecord = z.infer<typeof handoverRecordSchema>;

export const handoverSchema = z.object({
  /** Whether the reader can record theirs now (the sale is signed, not cancelled, theirs not recorded yet). */
  canRecord: z.boolean(),
  records: z.array(handoverRecordSchema),
});
export type Handover = z.infer<typeof handoverSchema>;

/** The record in one sentence, for the timeline and its PDF. */
export function handoverWords(record: Pick<HandoverRecord, 'odometerMiles' | 'keysHandedOver' | 'titleHandedOver' | 'photos'>): string {
  const handed = [record.keysHandedOver && 'the keys', record.titleHandedOver && 'the title'].filter(Boolean).join(' and ');
  return (
    `the odometer at ${record.odometerMiles.toLocaleString('en-US')} miles, ${record.photos.length} photos` +
    (handed ? `, ${handed} handed over` : ', the keys and the title not handed over yet')
  );
}
