/**
 * The overview (issue 21): what needs the user now, across every transaction and offer — each
 * one's next action, the money due or expected, the documents asked for — newest first, each
 * saying whether it waits on the user or on someone else. Built from what IndexedDB holds, so it
 * reads offline; a transaction whose detail was never fetched shows no money yet.
 */
import type { NegotiationSummary, OfferVehicle } from './offer-contract';
import { formatDollars, vehicleName } from './offer-format';
import { otherSide } from './offer-lifecycle';
import { ownNextStep } from './next-step';
import { isFinished } from './sale-state';
import { transactionEntry } from './transaction-steps';
import { waitingOnText, type NextStep, type TransactionDetail, type TransactionSummary } from './transaction-contract';

export interface OverviewItem {
  key: string;
  title: string;
  text: string;
  /** Whether it waits on this user (rather than on the other party or a provider). */
  yours: boolean;
  /** Who it waits on when not the user: "the seller", "the title desk". */
  waitingOn?: string;
  action?: { label: string; to: string };
  /** When it must be done by (a moment; shown in the reader's time zone). */
  deadline?: string;
  money?: { cents: number; direction: 'due' | 'expected' };
  at: string;
}

type SavedTransaction = TransactionSummary & { detail?: TransactionDetail };
type SavedNegotiation = Pick<NegotiationSummary, 'id' | 'status' | 'latestOffer' | 'updatedAt' | 'myRole'> & { vehicle: OfferVehicle };
interface RefusedDocument {
  id: string;
  fileName: string;
  transactionId: string;
  completedAt: string | null;
}

/**
 * A transaction's next step as the server worked it out from both sides (next-step.ts); a copy
 * saved before it had one says the party's current step, read from the steps alone.
 */
function nextOf(row: SavedTransaction): NextStep | null {
  return row.detail?.next !== undefined ? row.detail.next : ownNextStep(row.id, row.flow, row.status);
}

function transactionItems(row: SavedTransaction): OverviewItem[] {
  const detail = row.detail;
  const next = nextOf(row);
  // A dealer's customer reads no figure until the dealer has signed: the loan and delivery are not in it yet.
  const preparing = detail?.dealer && !detail.dealer.signed;
  // Once both have signed the buyer has paid: nothing is due any more.
  const money = preparing
    ? undefined
    : detail?.priceBreakdown && row.sale.stage === 'in progress'
      ? { cents: detail.priceBreakdown.dueAtSigningCents, direction: 'due' as const }
      : detail?.payout
        ? { cents: detail.payout.payoutCents, direction: 'expected' as const }
        : undefined;
  const items: OverviewItem[] = [
    {
      key: `transaction:${row.id}`,
      title: vehicleName(row.vehicle),
      text: next?.text ?? 'Every step is done.',
      yours: next?.who === 'you',
      ...(next && next.who !== 'you' ? { waitingOn: waitingOnText(next.who) } : {}),
      action: next?.action ?? { label: 'Open', to: transactionEntry(row.id) },
      ...(next?.deadline ? { deadline: next.deadline } : {}),
      ...(money ? { money } : {}),
      at: row.updatedAt,
    },
  ];
  if (detail?.data.title.review?.state === 'needs photo')
    items.push({
      key: `title-photo:${row.id}`,
      title: vehicleName(row.vehicle),
      text: `The title desk needs another photo: ${detail.data.title.review.reason ?? 'see why'}`,
      yours: true,
      action: { label: 'See why', to: `/dashboard/active-transactions/view-docs/find-out-why/${row.id}` },
      at: row.updatedAt,
    });
  return items;
}

function offerItem(row: SavedNegotiation): OverviewItem | undefined {
  if (row.status !== 'open' || row.id.startsWith('draft-')) return undefined;
  const title = vehicleName(row.vehicle);
  const amount = formatDollars(row.latestOffer.amount);
  if (!row.vehicle.confirmed)
    return row.myRole === 'seller'
      ? {
          key: `offer:${row.id}`,
          title,
          text: `Confirm the car the buyer described, then answer their offer of ${amount}.`,
          yours: true,
          action: { label: 'Confirm vehicle information', to: `/transaction/information?offer=${row.id}` },
          at: row.updatedAt,
        }
      : {
          key: `offer:${row.id}`,
          title,
          text: `Your offer of ${amount} waits for the seller to confirm the car.`,
          yours: false,
          at: row.updatedAt,
        };
  const mine = row.latestOffer.fromRole === row.myRole;
  return {
    key: `offer:${row.id}`,
    title,
    text: mine
      ? `Your offer of ${amount} waits for the ${otherSide(row.myRole)}'s answer.`
      : `Answer the ${row.latestOffer.fromRole}'s offer of ${amount}.`,
    yours: !mine,
    action: { label: mine ? 'See your offer' : 'Answer', to: '/dashboard/caramel-offers' },
    at: row.updatedAt,
  };
}

const documentItem = (document: RefusedDocument): OverviewItem => ({
  key: `document:${document.id}`,
  title: document.fileName,
  text: 'We cannot use this file; send another.',
  yours: true,
  action: { label: 'Find out why', to: `/dashboard/active-transactions/view-docs/find-out-why?document=${document.id}` },
  at: document.completedAt ?? '',
});

export function overviewItems(input: {
  transactions: SavedTransaction[];
  negotiations: SavedNegotiation[];
  refusedDocuments: RefusedDocument[];
}): OverviewItem[] {
  const items = [
    // A closed, refunded or cancelled sale needs no one; what it sent (a refund, a cancellation) is in the updates.
    ...input.transactions.filter((row) => !isFinished(row.sale)).flatMap(transactionItems),
    ...input.negotiations.flatMap((row) => offerItem(row) ?? []),
    ...input.refusedDocuments.map(documentItem),
  ];
  return items.sort((a, b) => b.at.localeCompare(a.at));
}
