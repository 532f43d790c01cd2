/**
 * What a party sends in the transport and payment steps: the transport booked (a vendor's quote,
 * or a pickup appointment); the people on the title and registration (SPEC §3 roles coBuyer,
 * additionalBuyer, registeredOwner1/2) and, for a business, its documents; the bank account
 * linked to pay from or be paid into, with the amount the buyer authorises — which must be the
 * amount the server works out, so nobody is charged a figure they did not see.
 */
import * as z from 'zod/mini';
import type { DocumentSlot } from './document-slots';
import { documentRef, text, type DocumentRef } from './payload-fields';
import { transportBookingSchema } from './transport';
import type { PartyEvent } from './transaction-transitions';

export const OWNER_ROLES = {
  coBuyer: 'Co-buyer (shares the loan and the title)',
  additionalBuyer: 'Additional buyer (on the title)',
  registeredOwner1: 'Registered owner',
  registeredOwner2: 'Second registered owner',
} as const;
export type OwnerRole = keyof typeof OWNER_ROLES;

const ownerSchema = z.object({
  role: z.enum(Object.keys(OWNER_ROLES) as [OwnerRole, ...OwnerRole[]], 'Choose how this person is on the title'),
  firstName: text('their first name', 60),
  lastName: text('their last name', 60),
  email: z.email('Enter their e-mail address'),
});
export type RegisteredOwner = z.infer<typeof ownerSchema>;

export const registeredOwnersSchema = z
  .object({
    buyingAs: z.enum(['person', 'business'], 'Choose whether you buy as a person or for a business'),
    business: z.optional(
      z.object({
        legalName: text('the business’s legal name', 120),
        ein: z.optional(z.string().check(z.trim(), z.regex(/^(\d{2}-?\d{7})?$/, 'Enter the EIN as 12-3456789'))),
        documents: z
          .array(documentRef)
          .check(z.minLength(1, 'Upload the business’s formation document'), z.maxLength(5, 'Add up to 5 documents')),
      }),
    ),
    owners: z.array(ownerSchema).check(z.maxLength(4, 'Add up to 4 people')),
  })
  .check(
    z.refine((owners) => owners.buyingAs === 'person' || owners.business !== undefined, {
      message: 'Enter the business’s details and upload its formation document',
      path: ['business'],
    }),
    z.refine((owners) => new Set(owners.owners.map((owner) => owner.role)).size === owners.owners.length, {
      message: 'Each role can be given to one person only',
      path: ['owners'],
    }),
  );
export type RegisteredOwners = z.infer<typeof registeredOwnersSchema>;

export const bankLinkedSchema = z.object({
  accountId: z.uuid('Choose a bank account'),
  /** Buyer: the amount due at signing they authorise; seller: what they bring to close (usually 0). */
  authorizedCents: z.number('The amount is missing').check(z.int(), z.minimum(0)),
});

/** A seller whose payout the bank returned: another of their accounts to send it to. */
export const payoutAccountSchema = z.strictObject({ accountId: z.uuid('Choose a bank account') });

export const PAYMENT_PAYLOADS: Partial<Record<PartyEvent, z.ZodMiniType>> = {
  'transport booked': transportBookingSchema,
  'registered owners submitted': registeredOwnersSchema,
  'bank linked': bankLinkedSchema,
  'payout account changed': payoutAccountSchema,
};

export const PAYMENT_DOCUMENTS: Partial<
  Record<PartyEvent, (payload: Record<string, unknown>) => (DocumentRef & { slot: DocumentSlot })[]>
> = {
  'registered owners submitted': (payload) =>
    ((payload as RegisteredOwners).business?.documents ?? []).map((ref) => ({ slot: 'entity-docs' as const, ...ref })),
};
