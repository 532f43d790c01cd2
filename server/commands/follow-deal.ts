/**
 * What follows a change on either side of a deal, in the same database transaction (the deal's
 * row locked first, so both sides and its money move one change at a time): the buyer's transport
 * step completes its vehicle verification once the seller's title desk has approved the car
 * (SPEC §4.2 verification statuses); each side that signed learns the signatures are collected once
 * the envelope is complete; the money moves by its rules; and the deal closes when both are done.
 */
import type { Providers } from '../providers/providers';
import { dealSides } from '../modules/money/deal-money';
import { settleDeal } from '../modules/money/settle';
import { eventLog, lockTransaction, type Tx } from '../kernel/event-log';
import { liveEnvelope } from '../modules/signing/envelopes';
import { closeIfDone } from '../modules/signing/closing';

export async function followDeal(tx: Tx, providers: Providers, dealId: string): Promise<void> {
  const { buyer, seller } = await dealSides(tx, dealId);
  if (buyer && seller?.data.title.review?.state === 'approved') {
    const log = eventLog(tx, await lockTransaction(tx, buyer.row.id));
    if (log.takes('vehicle verified')) {
      await log.append({ kind: 'provider' }, 'vehicle verified', {});
      await log.save();
    }
  }
  const envelope = await liveEnvelope(tx, dealId);
  if (envelope?.status === 'completed')
    for (const side of [buyer, seller]) {
      if (!side) continue;
      const log = eventLog(tx, await lockTransaction(tx, side.row.id));
      if (!log.takes('signatures collected')) continue;
      await log.append({ kind: 'provider' }, 'signatures collected', { envelopeId: envelope.id });
      await log.save();
    }
  await settleDeal(tx, providers, dealId);
  await closeIfDone(tx, dealId);
}
