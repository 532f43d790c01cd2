/** A sale brought to the handover through the real API and sandboxes, for the delivery tests. */
import { expect } from 'vitest';
import type { apiFor } from './api-harness';
import type { LocalParts } from './local-parts';
import { dealAtPayment, stepsFor } from './payments';
import { bothSign } from './signing';

type Api = Awaited<ReturnType<typeof apiFor>>;

/** A cash sale, paid and signed by both, the car delivered by the transport vendor: the clock is running. */
export async function saleDelivered(api: Api, parts: LocalParts) {
  const deal = await dealAtPayment(api, parts);
  const { act, detail } = stepsFor(api);
  await act(deal.buyer, deal.buyerTx, 'bank linked', {
    accountId: deal.buyerAccount.id,
    authorizedCents: deal.breakdown.dueAtSigningCents,
  });
  await bothSign(api, parts.sandbox.url, deal);
  await expect.poll(async () => (await detail(deal.buyer, deal.buyerTx)).shipment.status, { timeout: 30_000 }).toBe('delivered');
  // The title desk's half is released once the title is in: everything else waits on delivery.
  const payout = async () => (await detail(deal.seller, deal.sellerTx)).money.items;
  await expect
    .poll(async () => (await payout()).find((item: { label: string }) => item.label.startsWith('Your first payout'))?.state, {
      timeout: 30_000,
    })
    .toBe('settled');
  return { ...deal, dealId: deal.buyerList.active[0].dealId as string, detail };
}
