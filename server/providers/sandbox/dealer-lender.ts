/**
 * The sandbox dealer-lender: takes a dealer's credit application for their customer (202 with its
 * id), decides in moments and answers by signed webhook, as the programme's lender does. Decided
 * by documented magic values (docs/sandboxes.md): for a typed application the SSN's last four digits,
 * - 0001: declined;
 * - 0002: approved with stipulations (proof of income, proof of residence, insurance), 9.9 % APR;
 * - anything else: approved as asked, 6.9 % APR;
 * and for a signed application uploaded as a document, which it cannot read, the file's name:
 * containing "decline" declined, containing "stipulations" approved with stipulations, else approved.
 * Either approval allows terms up to 72 months. The SSN is read for the decision and not kept.
 * A funding review (the stipulations and the title, VIN plate and odometer photos) is approved.
 */
import * as z from 'zod/mini';
import type { WebhookSender } from './webhook-sender';

export const creditApplicationRequestSchema = z
  .object({
    requestId: z.string(),
    reference: z.string(),
    callbackUrl: z.url(),
    /** A typed application carries the SSN and the applicant's figures; a signed one the uploaded document instead. */
    ssn: z.optional(z.string().check(z.regex(/^\d{9}$/, 'ssn must be 9 digits'))),
    document: z.optional(z.object({ documentKey: z.string(), fileName: z.string() })),
    applicant: z.object({ name: z.string(), annualIncomeDollars: z.optional(z.number()) }),
    amountDollars: z.number(),
  })
  .check(
    z.refine((application) => (application.ssn === undefined) !== (application.document === undefined), {
      message: 'Send either the ssn and applicant details or the signed application document',
      path: ['ssn'],
    }),
  );
export type CreditApplicationRequest = z.infer<typeof creditApplicationRequestSchema>;

export function decideApplication(application: CreditApplicationRequest): { type: string; data: Record<string, unknown> } {
  const reference = application.reference;
  const lastFour = application.ssn?.slice(-4);
  const fileName = application.document?.fileName.toLowerCase() ?? '';
  if (lastFour === '0001' || fileName.includes('decline'))
    return { type: 'application.declined', data: { reference, reason: 'Credit history does not meet our terms.' } };
  if (lastFour === '0002' || fileName.includes('stipulations'))
    return {
      type: 'application.conditionally_approved',
      data: { reference, apr: 9.9, maxTermMonths: 72, stipulations: ['proof of income', 'proof of residence', 'insurance'] },
    };
  return { type: 'application.approved', data: { reference, apr: 6.9, maxTermMonths: 72, stipulations: [] } };
}

export const fundingReviewSchema = z.object({
  requestId: z.string(),
  reference: z.string(),
  callbackUrl: z.url(),
  documents: z.array(z.object({ slot: z.string(), documentKey: z.string(), fileName: z.string() })),
});
export type FundingReview = z.infer<typeof fundingReviewSchema>;

export function dealerLender(webhooks: WebhookSender) {
  const taken = new Map<string, string>();
  return {
    review(review: FundingReview): string {
      const known = taken.get(review.requestId);
      if (known) return known;
      const id = `rev_${review.requestId.slice(0, 8)}`;
      taken.set(review.requestId, id);
      webhooks.send(review.callbackUrl, 'funding.approved', { reference: review.reference });
      return id;
    },
    take(application: CreditApplicationRequest): string {
      const known = taken.get(application.requestId);
      if (known) return known;
      const id = `app_${application.requestId.slice(0, 8)}`;
      taken.set(application.requestId, id);
      const decision = decideApplication(application);
      webhooks.send(application.callbackUrl, decision.type, decision.data);
      return id;
    },
  };
}
