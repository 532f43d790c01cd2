/**
 * The pieces the action payloads are made of (transaction-events.ts, seller-events.ts), with the
 * words a person reads when one is wrong: text, whole dollars, a US address, an uploaded document.
 */
import * as z from 'zod/mini';
import { US_STATES } from './pricing';

export const text = (label: string, max = 100) =>
  z.string().check(z.trim(), z.minLength(1, `Enter ${label}`), z.maxLength(max, `Keep ${label} under ${max} characters`));

export const wholeDollars = (label: string, max: number) =>
  z
    .number(`Enter ${label}`)
    .check(
      z.int(`Enter ${label} in whole dollars`),
      z.minimum(0, `${label} cannot be negative`),
      z.maximum(max, `${label} looks too high`),
    );

export const addressSchema = z.object({
  line1: text('the street address'),
  line2: z.optional(z.string().check(z.trim(), z.maxLength(100, 'Keep the second line under 100 characters'))),
  city: text('the city', 60),
  state: z.enum(US_STATES as [string, ...string[]], 'Choose a state'),
  postalCode: z.string().check(z.regex(/^\d{5}$/, 'Enter a 5-digit ZIP code')),
});
export type Address = z.infer<typeof addressSchema>;

/** "500 Congress Ave, Austin, TX 78701" */
export const addressText = (address: Address) =>
  `${address.line1}${address.line2 ? `, ${address.line2}` : ''}, ${address.city}, ${address.state} ${address.postalCode}`;

/** A document the party uploaded through the uploader: its storage key (S3 keys are up to 1024 bytes) and file name. */
export const documentRef = z.object({
  documentKey: z.string().check(z.minLength(1, 'Upload a document'), z.maxLength(1024)),
  fileName: text('the file name', 200),
});
export type DocumentRef = z.infer<typeof documentRef>;
