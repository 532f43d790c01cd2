/**
 * What follows a change on either side of a deal, in the same database transaction (the deal's
 * row locked first, so both sides and its money move one change at a time): the buyer's transport
 * step completes its vehicle verification once the seller's title desk has approved the car
 * (SPEC §4.2 verification statuses), and the money moves by its rules.
 */
import type { Providers } from '../providers/providers';
import { dealSides } from '../money/deal-money';
import { settleDeal } from '../money/settle';
import { eventLog, lockTransaction, type Tx } from './event-log';

export async function followDeal(tx: Tx, providers: Providers, dealId: string): Promise<void> {
  const { buyer, seller } = await dealSides(tx, dealId);
  if (buyer && seller?.data.title.review?.state === 'approved') {
    const log = eventLog(tx, await lockTransaction(tx, buyer.row.id));
    if (log.takes('vehicle verified')) {
      await log.append({ kind: 'provider' }, 'vehicle verified', {});
      await log.save();
    }
  }
  await settleDeal(tx, providers, dealId);
}
