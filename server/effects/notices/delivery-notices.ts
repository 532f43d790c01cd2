/**
 * Who is told about delivery and its disputes (src/domain/delivery.ts), in the app and by mail:
 * both parties when delivery counts as done and when a case is decided; the seller and every
 * admin when a problem is raised; the other party and the admins when evidence is added.
 */
import { and, eq } from 'drizzle-orm';
import { casePath, decisionWords, DELIVERY_REMINDER_HOURS, type DeliveryConfirmer } from '../../../src/domain/delivery';
import { otherSide, type Side } from '../../../src/domain/parties';
import { transactions } from '../../db/schema';
import type { EffectWriter, Subscribers } from '../../kernel/domain-events';
import type { Notice } from '../../kernel/notify';
import { notifyAdmins } from './admins';

async function transactionOf(effects: EffectWriter, dealId: string, side: Side) {
  const [row] = await effects.tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.dealId, dealId), eq(transactions.side, side)));
  return row?.id;
}

/** Tells both parties, each with the notice written for their side and a link into their own transaction. */
async function notifyBoth(effects: EffectWriter, dealId: string, notice: (side: Side, transactionId: string | undefined) => Notice) {
  for (const side of ['buyer', 'seller'] as const)
    await effects.notifySide(dealId, side, notice(side, await transactionOf(effects, dealId, side)));
}

const CONFIRMED_BY: Record<DeliveryConfirmer, Record<Side, string>> = {
  buyer: {
    buyer: 'You confirmed the car is as described.',
    seller: 'The buyer confirmed the car is as described.',
  },
  clock: {
    buyer: 'The time to raise a problem after the handover has ended.',
    seller: 'The buyer’s time to raise a problem after the handover has ended with no problem raised.',
  },
  admin: {
    buyer: 'Caramel decided the case you opened.',
    seller: 'Caramel decided the case the buyer opened.',
  },
};

export const DELIVERY_NOTICES: Subscribers = {
  'delivery.started': [
    (effects, started) =>
      notifyBoth(effects, started.dealId, (side, transactionId) => ({
        kind: 'delivery started',
        key: `delivery started:${started.dealId}`,
        subject: side === 'buyer' ? 'The car is handed over: check it' : 'The car is handed over',
        body:
          side === 'buyer'
            ? `Check the car against the listing and the documents. Confirm delivery to pay the seller now, or raise a problem within ${started.hours} hours: after that the seller is paid the rest.`
            : `The rest of your payout is released when the buyer confirms delivery, or in ${started.hours} hours if they raise no problem.`,
        ...(transactionId ? { link: `/dashboard/active-transactions/track-delivery/${transactionId}` } : {}),
      })),
  ],
  'delivery.reminder': [
    async (effects, reminder) => {
      const transactionId = await transactionOf(effects, reminder.dealId, 'buyer');
      await effects.notifySide(reminder.dealId, 'buyer', {
        kind: 'delivery reminder',
        key: `delivery reminder:${reminder.dealId}`,
        subject: `${DELIVERY_REMINDER_HOURS} hours left to check the car`,
        body: `Your time to raise a problem with the car ends in ${DELIVERY_REMINDER_HOURS} hours; then the seller is paid the rest. If the car is as described, confirm delivery now; if not, raise a problem before then.`,
        ...(transactionId ? { link: `/dashboard/active-transactions/track-delivery/${transactionId}` } : {}),
      });
    },
  ],
  'delivery.confirmed': [
    // An admin's decision tells both parties itself ('dispute.decided'), with the amounts.
    async (effects, confirmed) => {
      if (confirmed.by === 'admin') return;
      await notifyBoth(effects, confirmed.dealId, (side, transactionId) => ({
        kind: 'delivery confirmed',
        key: `delivery confirmed:${confirmed.dealId}`,
        subject: 'Delivery is confirmed',
        body: [
          CONFIRMED_BY[confirmed.by][side],
          side === 'seller' ? 'The rest of your payout is on its way to your bank account.' : 'The money held for delivery is released.',
        ].join(' '),
        ...(transactionId ? { link: `/dashboard/active-transactions/track-delivery/${transactionId}` } : {}),
      }));
    },
  ],
  'dispute.opened': [
    async (effects, opened) => {
      const seller = await transactionOf(effects, opened.dealId, 'seller');
      await effects.notifySide(opened.dealId, 'seller', {
        kind: 'problem raised',
        key: `problem raised:${opened.disputeId}`,
        subject: 'The buyer raised a problem with the car',
        body: `The buyer raised a problem (${opened.reason}). The rest of your payout stays held until Caramel decides. Add your side and your photos to the case.`,
        ...(seller ? { link: casePath(seller) } : {}),
      });
      await notifyAdmins(effects, {
        kind: 'problem raised',
        key: `problem raised:${opened.disputeId}`,
        subject: 'A buyer raised a problem with a delivered car',
        body: `A buyer raised a problem (${opened.reason}). The case waits for a decision.`,
        link: `/dashboard/disputes/${opened.disputeId}`,
      });
    },
  ],
  'dispute.evidence': [
    async (effects, added) => {
      const other = otherSide(added.side);
      const theirs = await transactionOf(effects, added.dealId, other);
      const notice = {
        kind: 'dispute evidence' as const,
        // One notice a day per case and reader: a party adding five photos one by one is one notice.
        key: `dispute evidence:${added.disputeId}:${added.side}:${new Date().toISOString().slice(0, 10)}`,
        subject: `The ${added.side} added to the case`,
        body: `The ${added.side} added evidence to the case about the car. Read it, and add yours.`,
      };
      await effects.notifySide(added.dealId, other, { ...notice, ...(theirs ? { link: casePath(theirs) } : {}) });
      await notifyAdmins(effects, { ...notice, link: `/dashboard/disputes/${added.disputeId}` });
    },
  ],
  'dispute.decided': [
    (effects, decided) =>
      notifyBoth(effects, decided.dealId, (side, transactionId) => ({
        kind: 'dispute decided',
        key: `dispute decided:${decided.disputeId}`,
        subject: 'Caramel decided the case about the car',
        body: `Caramel ${decisionWords(decided, side)}. The reason is in the case, and the money moves as decided: follow it in your dashboard.`,
        ...(transactionId ? { link: casePath(transactionId) } : {}),
      })),
  ],
};
