/**
 * What follows any change on either side of a deal, in the same unit of work (the deal's row
 * locked first, so both sides and its money move one change at a time): the buyer's transport
 * step completes its vehicle verification once the seller's title desk has approved the car
 * (SPEC §4.2 verification statuses); once the envelope is complete each side learns the signatures
 * are collected (and one whose app never reported its own signature has it recorded from the envelope); the handover starts
 * the delivery clock and delivery counts as done when it runs out (delivery.ts); the money moves by its rules; and the deal
 * closes when both are done. The unit of work runs it again while it moves a status.
 */
import { nextStatus } from '../../src/domain/transaction-transitions';
import type { UnitOfWork } from '../kernel/unit-of-work';
import { followDelivery } from '../modules/delivery/delivery';
import { settleDeal } from '../modules/money/settle';
import { closeIfDone } from '../modules/signing/closing';
import { liveEnvelope, signedInEnvelope } from '../modules/signing/envelope-records';
import type { Providers } from '../providers/providers';

const SIGNING_EVENTS = ['documents signed', 'signatures collected'] as const;

export async function followDeal(uow: UnitOfWork, providers: Providers, dealId: string, rules: { deliveryHours: number }): Promise<void> {
  const { buyer, seller } = await uow.dealSides(dealId);
  if (buyer && seller?.data.title.review?.state === 'approved') {
    const log = await uow.transaction(buyer.row.id, dealId);
    if (log.takes('vehicle verified')) await log.append({ kind: 'provider' }, 'vehicle verified', {});
  }
  // The envelope is read only while a side can still take its signature or the collected signatures: the unit of
  // work follows again whenever a status moves, so a side reaching signing this round is looked at in the next.
  const signing = [buyer, seller].some(
    (side) => side && SIGNING_EVENTS.some((event) => nextStatus(side.row.flow, side.row.status, event) !== undefined),
  );
  const envelope = signing ? await liveEnvelope(uow.tx, dealId) : undefined;
  if (envelope?.status === 'completed')
    for (const side of [buyer, seller]) {
      if (!side) continue;
      const log = await uow.transaction(side.row.id, dealId);
      // The provider's completed envelope is proof every recipient signed: a side whose app never reported it is not left waiting.
      if (log.takes('documents signed'))
        await log.append({ kind: 'provider' }, 'documents signed', await signedInEnvelope(uow, envelope, side.row.side));
      if (log.takes('signatures collected')) await log.append({ kind: 'provider' }, 'signatures collected', { envelopeId: envelope.id });
    }
  await uow.save();
  await followDelivery(uow, dealId, rules.deliveryHours);
  await settleDeal(uow, providers, dealId);
  await closeIfDone(uow, dealId);
}
