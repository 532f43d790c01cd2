/**
 * What the parties of a deal are told as it moves: the other side finished a step they both walk
 * (the documents to sign among them), part of the payout released, the sale cancelled by the
 * other side, the sale closed, and a partner's deal made for them.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import { otherSide, type Side } from '../../../src/domain/parties';
import { formatCents } from '../../../src/domain/pricing';
import { transactionEntry } from '../../../src/domain/transaction-steps';
import { STEP_LABELS } from '../../../src/domain/transaction-steps';
import { SHARED_STEPS, sharedStepsDone, stepOpen } from '../../../src/domain/waiting-steps';
import { dealParties, transactions, users } from '../../db/schema';
import type { EffectWriter, Subscribers } from '../../kernel/domain-events';
import { liveShipment } from '../../modules/transport/shipments';
import { handoverPlanWords, isArranged, type Appointment } from '../../../src/domain/transport';

/** The handover the parties arranged, in words for a notice ("a pickup at … on Sat, Dec 5 at 2:30 PM"), and when it was proposed. */
async function handoverPlanOf(effects: EffectWriter, dealId: string) {
  const plan = (await liveShipment(effects.tx, dealId))?.appointment as Appointment | null | undefined;
  return isArranged(plan) ? { words: handoverPlanWords(plan), proposedAt: plan.proposedAt } : null;
}

async function trackLink(effects: EffectWriter, dealId: string, side: Side) {
  const [row] = await effects.tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.dealId, dealId), eq(transactions.side, side)));
  return row ? { link: `/dashboard/active-transactions/track-delivery/${row.id}` } : {};
}

export const DEAL_NOTICES: Subscribers = {
  // A step both sides walk that this side just finished: the other side's is waiting (signing is "documents to sign"), once per step.
  'transaction.changed': [
    async (effects, moved) => {
      const finished = sharedStepsDone(moved.flow, moved.from, moved.to);
      if (!finished.length) return;
      const [other] = await effects.tx
        .select()
        .from(transactions)
        .where(and(eq(transactions.dealId, moved.dealId), ne(transactions.side, moved.side)));
      if (!other) return;
      for (const step of finished.filter((done) => stepOpen(other.flow, other.status, done))) {
        const label = STEP_LABELS[step].toLowerCase();
        await effects.notifySide(moved.dealId, other.side, {
          kind: step === 'signature' ? 'documents to sign' : 'step waiting',
          key: `waiting:${other.id}:${step}`,
          subject: `Your ${moved.side} has ${SHARED_STEPS[step]}`,
          body: `Your ${moved.side} has ${SHARED_STEPS[step]}. Your ${label} step is waiting for you, so the sale can keep moving.`,
          link: transactionEntry(other.id),
        });
      }
    },
  ],
  'payout.released': [
    async (effects, released) =>
      effects.notifySide(released.dealId, 'seller', {
        kind: 'payment released',
        key: `released:${released.dealId}:${released.key}`,
        subject: 'Payment released to you',
        body: `${formatCents(released.cents)} of your payout is released and on its way to your bank account.`,
        link: `/dashboard/active-transactions/track-delivery/${released.sellerTransactionId}`,
      }),
  ],
  'payout.returned': [
    async (effects, returned) =>
      effects.notifySide(returned.dealId, 'seller', {
        kind: 'payment returned',
        key: `payout returned:${returned.transferId}`,
        subject: 'Your bank returned your payout',
        body: `Your bank sent ${formatCents(returned.cents)} of your payout back (${returned.reason}). We hold it for you: choose another account to have it paid there.`,
        link: `/dashboard/active-transactions/track-delivery/${returned.sellerTransactionId}`,
      }),
  ],
  // The other side is told once, by mail and in their overview, with the way to their cancelled sale.
  'sale.cancelled': [
    async (effects, cancelled) => {
      const other = otherSide(cancelled.by);
      const money =
        other === 'buyer'
          ? 'Anything you paid is on its way back to your bank account; you can follow it in your dashboard.'
          : 'Nothing more is paid out for this sale; anything you were owed back is on its way to your bank account.';
      await effects.notifySide(cancelled.dealId, other, {
        kind: 'cancellation',
        key: `cancelled:${cancelled.dealId}`,
        subject: `Your ${cancelled.by} cancelled the sale`,
        body: [`Your ${cancelled.by} cancelled the sale${cancelled.reason ? `, saying: “${cancelled.reason}”` : ''}.`, money].join('\n'),
        ...(cancelled.otherTransactionId
          ? { link: `/dashboard/previous-transactions/detail?transaction=${cancelled.otherTransactionId}` }
          : {}),
      });
    },
  ],
  // The other party learns the handover was recorded, and where to record theirs (the record is each side's own).
  'handover.recorded': [
    async (effects, recorded) => {
      const other = otherSide(recorded.side);
      const [theirs] = await effects.tx
        .select({ id: transactions.id })
        .from(transactions)
        .where(and(eq(transactions.dealId, recorded.dealId), eq(transactions.side, other)));
      await effects.notifySide(recorded.dealId, other, {
        kind: 'handover recorded',
        key: `handover:${recorded.dealId}:${recorded.side}`,
        subject: `Your ${recorded.side} recorded the handover`,
        body: `Your ${recorded.side} recorded the car's handover: the odometer, photos of the car, and whether the keys and the title changed hands. Record yours too, so the sale keeps both.`,
        ...(theirs ? { link: `/dashboard/active-transactions/track-delivery/${theirs.id}` } : {}),
      });
    },
  ],
  // The other party is asked to agree to a handover, or to propose another; an agreement is told back to who proposed it.
  'handover.proposed': [
    async (effects, proposed) => {
      const plan = await handoverPlanOf(effects, proposed.dealId);
      const other = otherSide(proposed.side);
      await effects.notifySide(proposed.dealId, other, {
        kind: 'handover proposed',
        key: `handover proposed:${proposed.dealId}:${plan?.proposedAt ?? ''}`,
        subject: `Your ${proposed.side} proposed the handover`,
        body: `Your ${proposed.side} proposed ${plan?.words ?? 'the handover'}. Agree to it, or propose another place or time.`,
        ...(await trackLink(effects, proposed.dealId, other)),
      });
    },
  ],
  'handover.agreed': [
    async (effects, agreed) => {
      const plan = await handoverPlanOf(effects, agreed.dealId);
      const other = otherSide(agreed.side);
      await effects.notifySide(agreed.dealId, other, {
        kind: 'handover agreed',
        key: `handover agreed:${agreed.dealId}:${plan?.proposedAt ?? ''}`,
        subject: `Your ${agreed.side} agreed to the handover`,
        body: `Your ${agreed.side} agreed to ${plan?.words ?? 'the handover'}.`,
        ...(await trackLink(effects, agreed.dealId, other)),
      });
    },
  ],
  // Both parties are mailed once, when the sale is done: delivered, confirmed and paid out by the rules they agreed.
  'sale.closed': [
    async (effects, closed) => {
      const people = await effects.tx
        .select({ role: dealParties.role, userId: users.id, email: users.email, firstName: users.firstName })
        .from(dealParties)
        .innerJoin(users, eq(users.id, dealParties.userId))
        .where(and(eq(dealParties.dealId, closed.dealId), inArray(dealParties.role, ['buyer', 'seller'])));
      for (const person of people) {
        const side = person.role as Side;
        await effects.notify(
          { userId: person.userId, email: person.email },
          {
            kind: 'sale closed',
            key: `closed:${closed.dealId}`,
            subject: 'Your sale is closed',
            body: [
              `Hello${person.firstName ? ` ${person.firstName}` : ''},`,
              '',
              side === 'buyer'
                ? 'Your purchase is complete: the documents are signed, you have the car and delivery is confirmed. The money you paid has gone where you agreed: to the seller, and to the taxes, fees and services it covered.'
                : 'Your sale is complete: the documents are signed, the car is handed over and delivery is confirmed. Your payout has been released to your bank account in full.',
              `Your signed documents, the sale's timeline and how to reach your ${otherSide(side)} are under Previous transactions in your dashboard.`,
            ].join('\n'),
            link: '/dashboard/previous-transactions',
          },
        );
      }
    },
  ],
  // Each party is told where the deal was agreed; someone with an account finds it in their dashboard already.
  'partner deal.made': [
    async (effects, made) => {
      for (const [side, role] of [
        ['seller', 'selling'],
        ['buyer', 'buying'],
      ] as const)
        await effects.notifySide(made.dealId, side, {
          kind: 'partner deal',
          key: `partner-deal:${made.dealId}`,
          subject: `Your deal from ${made.listedOn}: ${made.what}`,
          body:
            `You are ${role} ${made.what}, agreed on ${made.listedOn}. Caramel takes the deal from here` +
            (role === 'buying' && made.buyerPaysFirst ? `: under ${made.listedOn}’s terms you pay first, then sign. ` : '. ') +
            'Sign in, or sign up with this e-mail address, to continue.',
          link: '/dashboard',
          linkBeforeSignUp: true,
          negotiationId: made.negotiationId,
        });
    },
  ],
};
