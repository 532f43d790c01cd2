/**
 * The deal's timeline (the audit trail): one chronological list both parties read — every step
 * of both sides, each provider's answer, the documents signed, the money moved and the car's
 * transport — each with its time and who acted, named as the reader may see them ("You",
 * "Sam (seller)", "Title desk"). It ends with the deal's documents and their SHA-256. Nothing in
 * it is one party's private data: no address, account number, inquiry id or e-mail.
 */
import * as z from 'zod/mini';
import { SIDES } from './parties';
import { saleSchema } from './sale-state';

export const TIMELINE_KINDS = ['deal', 'step', 'provider', 'signature', 'money', 'shipment'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export const timelineItemSchema = z.object({
  /** Stable across reads: the record the item comes from. */
  id: z.string(),
  at: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  /** Whose part of the deal it belongs to; null for what concerns both. */
  side: z.nullable(z.enum(SIDES)),
  /** Who acted, as the reader may see them. */
  actor: z.string(),
  /** Whether the reader is the one who acted. */
  you: z.boolean(),
  /** A sentence a person understands, amounts formatted ("Caramel released $9,750 to you …"). */
  text: z.string(),
  /** The amount a money item moved, in integer cents. */
  cents: z.nullable(z.number()),
});
export type TimelineItem = z.infer<typeof timelineItemSchema>;

export const timelineDocumentSchema = z.object({
  kind: z.string(),
  title: z.string(),
  /** The document as made from the deal, and the copy the e-signature service returned signed. */
  sha256: z.string(),
  signedSha256: z.nullable(z.string()),
});
export type TimelineDocument = z.infer<typeof timelineDocumentSchema>;

/** GET /transactions/{id}/timeline. */
export const dealTimelineSchema = z.object({
  transactionId: z.string(),
  dealId: z.string(),
  /** "2005 Buick · VIN 1G4AH59H45G118341 · $20,000". */
  title: z.string(),
  closedAt: z.nullable(z.string()),
  cancelledAt: z.nullable(z.string()),
  /** Where the sale stands (sale-state.ts), and the reader's side, for its status line. Absent in copies saved before them. */
  sale: z.optional(saleSchema),
  side: z.optional(z.enum(['buyer', 'seller'])),
  items: z.array(timelineItemSchema),
  documents: z.array(timelineDocumentSchema),
});
export type DealTimeline = z.infer<typeof dealTimelineSchema>;

/** Where a party reads the timeline of the deal their transaction belongs to. */
export const timelinePath = (transactionId: string) => `/dashboard/active-transactions/timeline/${transactionId}`;

/** GET /transactions/{id}/timeline.pdf?timeZone=…: the reader's IANA zone for the times printed (UTC when absent). */
export const timelinePdfQuerySchema = z.object({
  timeZone: z.optional(
    z.string().check(
      z.maxLength(64),
      z.refine((zone) => {
        try {
          new Intl.DateTimeFormat('en-US', { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      }, 'That is not a time zone'),
    ),
  ),
});
