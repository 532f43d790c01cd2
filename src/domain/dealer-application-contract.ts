/**
 * Applying to the dealer programme: a signed-up user sends their dealership's details (the same
 * fields an admin's grant takes, dealer-contract.ts) with its phone number and a note; an admin
 * approves, which makes them a dealer with those details, or declines with a reason they read.
 * One contract for the form, the API and the app's reading of it.
 */
import * as z from 'zod/mini';
import { dealershipFields } from './dealer-contract';
import { formatMasked } from './input-mask';
import { MOBILE_PATTERN } from './profile-fields';

export const APPLICATION_STATUSES = ['pending', 'approved', 'declined'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const NOTE_MAX = 500;
export const DECLINE_REASON_MAX = 300;
/** How many decided applications the admin's list shows under the waiting ones. */
export const RECENTLY_DECIDED_SHOWN = 20;

/** A US number in E.164, the form every phone number is kept in (a landline has the shape of a mobile). */
export const PHONE_MESSAGE = 'Enter the dealership’s 10-digit US phone number, such as (512) 555-0100';
export const dealershipPhone = z.string(PHONE_MESSAGE).check(z.regex(MOBILE_PATTERN, PHONE_MESSAGE));
/** How a phone number is typed and read: (830) 555-0142. */
export const PHONE_MASK = '(###) ###-####';
export const phoneText = (e164: string) => formatMasked(PHONE_MASK, e164.replace(/^\+1/, ''));

export const noteField = z
  .string('The note must be text')
  .check(z.trim(), z.maxLength(NOTE_MAX, `Keep the note to ${NOTE_MAX} characters`));

/** `POST /api/dealer-applications`; `idempotencyKey` is made once, when the user presses "Send application". */
export const dealerApplicationRequestSchema = z.strictObject({
  idempotencyKey: z.uuid('idempotencyKey must be a UUID'),
  ...dealershipFields,
  phone: dealershipPhone,
  note: z.optional(noteField),
});
export type DealerApplicationRequest = z.infer<typeof dealerApplicationRequestSchema>;

export const declineReasonField = z
  .string('Say why the application is declined')
  .check(
    z.trim(),
    z.minLength(1, 'Say why the application is declined'),
    z.maxLength(DECLINE_REASON_MAX, `Keep the reason to ${DECLINE_REASON_MAX} characters`),
  );

/** `POST /api/admin/dealer-applications/{id}/decision`: approve, or decline with the reason the applicant reads. */
export const applicationDecisionSchema = z.discriminatedUnion(
  'decision',
  [z.strictObject({ decision: z.literal('approve') }), z.strictObject({ decision: z.literal('decline'), reason: declineReasonField })],
  'Choose approve or decline',
);
export type ApplicationDecision = z.infer<typeof applicationDecisionSchema>;

export const dealerApplicationSchema = z.object({
  id: z.string(),
  dealershipName: z.string(),
  licenceNumber: z.string(),
  address: z.object({ line1: z.string(), city: z.string(), state: z.string(), postalCode: z.string() }),
  phone: z.string(),
  note: z.nullable(z.string()),
  status: z.enum(APPLICATION_STATUSES),
  /** Only for a declined application: what the admin told the applicant. */
  declineReason: z.nullable(z.string()),
  createdAt: z.string(),
  decidedAt: z.nullable(z.string()),
});
export type DealerApplication = z.infer<typeof dealerApplicationSchema>;

/** `GET /api/dealer-applications/mine`: the caller's latest application, and whether they are a dealer now. */
export const myDealerApplicationSchema = z.object({ application: z.nullable(dealerApplicationSchema), dealer: z.boolean() });
export type MyDealerApplication = z.infer<typeof myDealerApplicationSchema>;

/** An application as an admin reviews it: with who sent it. */
export const reviewedApplicationSchema = z.object({
  ...dealerApplicationSchema.shape,
  applicant: z.object({ userId: z.string(), email: z.string(), name: z.nullable(z.string()) }),
});
export type ReviewedApplication = z.infer<typeof reviewedApplicationSchema>;

/** `GET /api/admin/dealer-applications`: the waiting ones oldest first, then the most recently decided. */
export const applicationsForReviewSchema = z.object({
  pending: z.array(reviewedApplicationSchema),
  decided: z.array(reviewedApplicationSchema),
});
export type ApplicationsForReview = z.infer<typeof applicationsForReviewSchema>;
