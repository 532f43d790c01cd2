/**
 * Partner deals (issue 22, SPEC §3 "partner uid; partner sources"): a listing site holds a key for
 * its one source, made by an admin, and sends deals through `POST /api/partner/deals`. One
 * contract for the admin's key routes, the partner API and the names both parties see.
 */
import * as z from 'zod/mini';
import { offerAmount, offerVehicleField, PARTNER_SOURCES, type PartnerSource } from './offer-fields';

/** What a party reads on their deal: "Listed on …". The product itself is no partner. */
export const PARTNER_SOURCE_NAMES: Record<PartnerSource, string> = {
  caramel: 'Caramel',
  'listing-site': 'the car-listing site',
  'listing-site-marketplace': 'the car-listing site’s marketplace',
  'auction-site': 'the auction site',
  'online-marketplace': 'the online marketplace',
  'deal-site-a': 'deal-listing site A',
  'deal-site-b': 'deal-listing site B',
};

export function partnerSourceName(source: string): string {
  return PARTNER_SOURCE_NAMES[source as PartnerSource] ?? source;
}

/** The sources a partner key can be for: every §3 source but the product's own. */
export const KEY_SOURCES = PARTNER_SOURCES.filter((source) => source !== 'caramel') as Exclude<PartnerSource, 'caramel'>[];
const keySource = z.enum(KEY_SOURCES as [string, ...string[]], `source must be one of ${KEY_SOURCES.join(', ')}`);

export const partnerKeyRequestSchema = z.strictObject({
  source: keySource,
  label: z
    .string('Enter a label that says who holds the key')
    .check(z.trim(), z.minLength(1, 'Enter a label that says who holds the key'), z.maxLength(120, 'The label is too long')),
  /** The partner's terms (SPEC §4.2): its buyers pay before they sign, in the payment-first flow. Off unless asked. */
  buyerPaysFirst: z._default(z.boolean('buyerPaysFirst must be true or false'), false),
});
export type PartnerKeyRequest = z.infer<typeof partnerKeyRequestSchema>;

export const partnerKeySchema = z.object({
  id: z.string(),
  source: z.string(),
  label: z.string(),
  buyerPaysFirst: z.boolean(),
  createdAt: z.string(),
  revokedAt: z.nullable(z.string()),
});
export type PartnerKey = z.infer<typeof partnerKeySchema>;
export const partnerKeyListSchema = z.object({ keys: z.array(partnerKeySchema) });
/** The one answer that carries the key itself. */
export const madePartnerKeySchema = z.extend(partnerKeySchema, { key: z.string() });

/** The partner's terms as both parties and the partner read them. */
export const partnerTermsInWords = (buyerPaysFirst: boolean) =>
  buyerPaysFirst ? 'the buyer pays first, then signs' : 'standard terms: the buyer may finance';

const partyEmail = (side: 'seller' | 'buyer') => z.email(`Enter the ${side}’s e-mail address, such as name@example.com`);

/**
 * A partner's deal: the vehicle as the offers API takes it (a deal needs its VIN), the parties by
 * e-mail, the agreed price in whole dollars, the partner's own id for the deal, and a key the
 * partner makes once per deal and sends again on every retry. `source`, when sent, must be the key's.
 */
export const partnerDealSchema = z
  .strictObject({
    idempotencyKey: z
      .string('idempotencyKey is required: make one per deal and send it again on every retry')
      .check(z.regex(/^[\w.:-]{8,200}$/, 'idempotencyKey must be 8 to 200 letters, digits or . _ : -')),
    partnerUid: z.string('partnerUid is required: your id for this deal').check(z.minLength(1), z.maxLength(200)),
    source: z.optional(z.enum(PARTNER_SOURCES, 'source must be one of the partner sources')),
    vehicle: offerVehicleField,
    sellerEmail: partyEmail('seller'),
    buyerEmail: partyEmail('buyer'),
    priceDollars: offerAmount,
  })
  .check(
    z.refine((deal) => deal.vehicle.vin !== undefined, { message: 'Enter the 17-character VIN', path: ['vehicle', 'vin'] }),
    z.refine((deal) => deal.sellerEmail.toLowerCase() !== deal.buyerEmail.toLowerCase(), {
      message: 'The buyer and the seller must be different people',
      path: ['buyerEmail'],
    }),
  );
export type PartnerDeal = z.infer<typeof partnerDealSchema>;
