/**
 * The sandbox payments processor, with ACH's real behaviour: a transfer is taken at once
 * (pending) and settles, or is returned, later — by signed webhook. A debit needs a verified
 * account. How a transfer ends is the account's (docs/sandboxes.md): accounts linked with
 * `user_nsf` return debits with R01 (insufficient funds), with `user_closed` return every
 * transfer with R02 (account closed); payments to a lender always settle.
 */
import * as z from 'zod/mini';
import type { BankLinkStore } from './bank-link';
import type { WebhookSender } from './webhook-sender';

export const transferRequestSchema = z.object({
  requestId: z.string(),
  reference: z.string(),
  callbackUrl: z.url(),
  direction: z.enum(['debit', 'credit']),
  amountCents: z.number().check(z.int(), z.positive()),
  processorToken: z.optional(z.string()),
  counterparty: z.optional(z.string()),
});
export type TransferRequest = z.infer<typeof transferRequestSchema>;

export function paymentsProcessor(bankLink: BankLinkStore, webhooks: WebhookSender) {
  const taken = new Map<string, string>();
  return {
    take(request: TransferRequest): string | { refused: string } {
      const known = taken.get(request.requestId);
      if (known) return known;
      const account = request.processorToken ? bankLink.accountOf(request.processorToken) : undefined;
      if (request.processorToken && !account) return { refused: 'Unknown processor token' };
      if (!request.processorToken && !request.counterparty) return { refused: 'A transfer needs a processor token or a counterparty' };
      if (request.direction === 'debit' && account && !account.verified) return { refused: 'That account is not verified yet' };
      const id = `tr_${request.requestId.replaceAll('-', '').slice(0, 16)}`;
      taken.set(request.requestId, id);
      const returns = account?.returns;
      const returned = returns && (returns.code === 'R02' || request.direction === 'debit');
      webhooks.send(
        request.callbackUrl,
        returned ? 'transfer.returned' : 'transfer.settled',
        { reference: request.reference, ...(returned ? { code: returns.code, reason: returns.reason } : {}) },
        2,
      );
      return id;
    },
  };
}
