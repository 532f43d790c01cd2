/**
 * What a seller sends with their actions: the vehicle's pickup address at the end of identity, the
 * lender and payoff when there is a lien, the title and vehicle photos, a replaced photo, the agent
 * authorisation, and the self-inspection. Each document is an upload of this transaction, in the
 * slot its field names (documentsOf), which the server checks before anything applies.
 */
import * as z from 'zod/mini';
import type { DocumentSlot } from './document-slots';
import { addressSchema, documentRef, text, type DocumentRef } from './payload-fields';
import { PAYMENT_DOCUMENTS } from './payment-events';
import type { PartyEvent } from './transaction-transitions';

export const MAX_PAYOFF_CENTS = 10_000_000 * 100;

/** The day, as YYYY-MM-DD, in the user's own calendar. */
const isoDate = (message: string) => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, message));

export const payoffSchema = z.object({
  amountCents: z
    .number('Enter the payoff amount')
    .check(
      z.int('Enter the payoff in cents'),
      z.positive('The payoff must be more than $0'),
      z.maximum(MAX_PAYOFF_CENTS, 'That payoff looks too high'),
    ),
  goodThrough: isoDate('Enter the date the payoff is good through'),
  perDiemCents: z
    .number('Enter the daily interest (per diem)')
    .check(z.int(), z.minimum(0, 'The daily interest cannot be negative'), z.maximum(100_000, 'That daily interest looks too high')),
  source: z.enum(['quote', 'entered']),
});
export type Payoff = z.infer<typeof payoffSchema>;

export const lenderSchema = z.object({
  lienholderId: text('the lender', 60),
  lienholderName: text('the lender', 120),
  accountNumber: z.string().check(z.trim(), z.regex(/^[A-Za-z0-9-]{4,30}$/, 'Enter the loan account number: 4 to 30 letters or digits')),
  contactPhone: z.optional(z.string().check(z.trim(), z.regex(/^[\d\s()+.-]{7,20}$/, 'Enter a phone number such as (800) 555-0100'))),
  payoff: payoffSchema,
  titleInSellerName: z.boolean('Say whether the title is in your name'),
  /** A payoff above the price: the seller brings the difference, and says they understand before going on. */
  negativeEquityAcknowledged: z.optional(z.boolean()),
});

/** Asking the lender for a payoff: which lender, which loan. */
/** A lender that may hold a lien on the seller's car, as the search lists it. */
export const lienholderSchema = z.object({ id: z.string(), name: z.string(), phone: z.string() });
export type Lienholder = z.infer<typeof lienholderSchema>;
export const lienholderListSchema = z.object({ lienholders: z.array(lienholderSchema) });

export const payoffQuoteRequestSchema = z.object({
  lienholderId: lenderSchema.shape.lienholderId,
  accountNumber: lenderSchema.shape.accountNumber,
});

export const INSPECTION_AREAS = {
  front: 'Front',
  back: 'Back',
  'driver side': 'Driver side',
  'passenger side': 'Passenger side',
  interior: 'Interior',
  odometer: 'Odometer',
  tyres: 'Tyres',
} as const;
export type InspectionArea = keyof typeof INSPECTION_AREAS;
/** Each part of the car on the checklist has its own slot, so the step knows which photo is which. */
export const inspectionSlot = (area: InspectionArea) => `inspection-${area.replace(' ', '-')}` as DocumentSlot;
const AREAS = Object.keys(INSPECTION_AREAS) as [InspectionArea, ...InspectionArea[]];

const inspectionSchema = z
  .object({
    photos: z.array(z.extend(documentRef, { area: z.enum(AREAS) })),
    damage: z.array(z.extend(documentRef, { note: text('what the damage is', 300) })).check(z.maxLength(20, 'Add up to 20 damage photos')),
  })
  .check(
    z.refine(
      (inspection) => AREAS.every((area) => inspection.photos.some((photo) => photo.area === area)),
      'Add a photo of every part on the checklist',
    ),
  );

/** Slots a replaced photo may be in: the ones the title desk reviews. */
export const TITLE_DESK_SLOTS = [
  'title-front',
  'title-back',
  'ownership-docs',
  'vin-plate',
  'odometer',
] as const satisfies readonly DocumentSlot[];

export const TITLE_PAYLOADS: Partial<Record<PartyEvent, z.ZodMiniType>> = {
  'title lender submitted': lenderSchema,
  'title docs uploaded': z
    .object({
      titleFront: documentRef,
      titleBack: documentRef,
      titleInSellerName: z.boolean('Say whether the title is in your name'),
      ownership: z.array(documentRef).check(z.maxLength(5, 'Add up to 5 ownership documents')),
    })
    .check(
      z.refine(
        (docs) => docs.titleInSellerName || docs.ownership.length > 0,
        'Add a document that shows you may sell this car (a bill of sale to you, or a court or estate paper)',
      ),
    ),
  'title vehicle docs uploaded': z.object({
    vinPlate: documentRef,
    odometer: documentRef,
    odometerReading: z
      .number('Enter the odometer reading')
      .check(
        z.int('Enter the reading in whole miles'),
        z.minimum(0, 'The reading cannot be negative'),
        z.maximum(2_000_000, 'That reading is not possible'),
      ),
  }),
  'title document replaced': z.extend(documentRef, { slot: z.enum(TITLE_DESK_SLOTS, 'That is not a document the title desk reviews') }),
  'agent authorized': z.object({
    fullName: text('your full legal name', 120),
    signature: text('your name as your signature', 120),
    consent: z.literal(true, 'Agree to let Caramel act as your agent for the title transfer'),
  }),
  'inspection submitted': inspectionSchema,
};

/** Where a seller's actions differ from a buyer's: the end of identity gives the vehicle's pickup address. */
export const SELLER_PAYLOADS: Partial<Record<PartyEvent, z.ZodMiniType>> = {
  'identity done': z.object({ pickupAddress: addressSchema }),
};

type Payload = Record<string, unknown>;
const one = (slot: DocumentSlot, ref: unknown) => ({ slot, ...(ref as DocumentRef) });

/** The documents an action's (checked) payload names, each with the slot it must have been uploaded to (both sides' actions). */
export const DOCUMENTS_OF: Partial<Record<PartyEvent, (payload: Payload) => (DocumentRef & { slot: DocumentSlot })[]>> = {
  'identity address uploaded': (payload) => [one('proof-of-address', payload)],
  'title docs uploaded': (payload) => [
    one('title-front', payload.titleFront),
    one('title-back', payload.titleBack),
    ...(payload.ownership as DocumentRef[]).map((ref) => one('ownership-docs', ref)),
  ],
  'title vehicle docs uploaded': (payload) => [one('vin-plate', payload.vinPlate), one('odometer', payload.odometer)],
  'title document replaced': (payload) => [one(payload.slot as DocumentSlot, payload)],
  'inspection submitted': (payload) => [
    ...(payload.photos as (DocumentRef & { area: InspectionArea })[]).map((ref) => one(inspectionSlot(ref.area), ref)),
    ...(payload.damage as DocumentRef[]).map((ref) => one('inspection-damage', ref)),
  ],
  ...PAYMENT_DOCUMENTS,
};
