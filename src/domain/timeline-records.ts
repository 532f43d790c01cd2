/**
 * The deal timeline's words for what is recorded outside the step events: the ledger's journals
 * (collected, held, released, refunded — amounts from integer cents), the car's transport as
 * the vendor reports it, and the deal's own milestones. Who received money is named by role
 * ("Sam’s lender"), never by account.
 */
import { DISPUTE_REFUND, type JournalLine } from './ledger-rules';
import { formatCents } from './pricing';
import type { LedgerAccount, ReleaseId } from './settlement';
import type { ShipmentStatus, TransportKind } from './transport';
import { providerWords, type Person, type Told } from './timeline-words';
import type { Side } from './parties';

type People = Record<Side, Person>;

/** Who an account of the ledger stands for, as the reader may name them. */
function holder(account: LedgerAccount, people: People): string {
  const names: Record<LedgerAccount, string> = {
    buyer: people.buyer.name,
    'buyer lender': `${people.buyer.possessive} lender`,
    seller: people.seller.name,
    'seller payout': people.seller.name,
    lienholder: `${people.seller.possessive} lender`,
    held: 'Caramel',
    'title office': 'the state',
    'transport vendor': 'the transport vendor',
    'caramel care': 'Caramel Care',
    revenue: 'Caramel',
  };
  return names[account];
}

const RELEASES: Record<ReleaseId, (cents: string, people: People) => string> = {
  'lien payoff': (cents, people) => `Caramel paid ${cents} to ${holder('lienholder', people)} to pay off the car’s loan`,
  'seller payout 1': (cents, people) =>
    `Caramel released ${cents} to ${people.seller.name}, the first half of the payout, as the title arrived`,
  'seller payout 2': (cents, people) => `Caramel released ${cents} to ${people.seller.name}, the rest of the payout, for the delivered car`,
  transport: (cents) => `Caramel paid ${cents} to the transport vendor`,
  'taxes and title fees': (cents) => `Caramel paid ${cents} in taxes and title fees to the state`,
  'care plan': (cents) => `Caramel paid ${cents} to Caramel Care for the protection plan`,
  'dealer warranty': (cents, people) => `Caramel paid ${cents} to ${people.seller.name} for the vehicle service contract they sold`,
  'dealer gap': (cents, people) => `Caramel paid ${cents} to ${people.seller.name} for the GAP protection they sold`,
  fees: (cents) => `Caramel took its fees, ${cents}`,
};

/** A journal of the deal's ledger in words, with the amount it moved. */
export function journalWords(journal: { reason: string; lines: JournalLine[] }, people: People): Told & { cents: number } {
  const into = journal.lines.find((line) => line.cents > 0);
  const outOf = journal.lines.find((line) => line.cents < 0);
  const cents = into?.cents ?? 0;
  const shown = formatCents(cents);
  const release = RELEASES[journal.reason as ReleaseId];
  const told = release
    ? providerWords('caramel', release(shown, people))
    : journal.reason === 'collected' && outOf
      ? providerWords('bank', `The bank collected ${shown} from ${holder(outOf.account, people)}; Caramel holds it`)
      : journal.reason === 'payout returned' && outOf
        ? providerWords(
            'bank',
            `The bank sent back the ${shown} paid to ${holder(outOf.account, people)}; Caramel holds it until it can be paid again`,
          )
        : journal.reason === 'refund' && into
          ? providerWords('caramel', `Caramel refunded ${shown} to ${holder(into.account, people)}`)
          : journal.reason === DISPUTE_REFUND && into
            ? providerWords('caramel', `Caramel refunded ${shown} to ${holder(into.account, people)} as the dispute's decision`)
            : journal.reason === 'seller cancellation fee'
              ? providerWords('caramel', `Caramel charged ${people.seller.name} the ${shown} cancellation fee`)
              : providerWords('caramel', `Caramel moved ${shown} (${journal.reason})`);
  return { ...told, cents };
}

const DELIVERY: Partial<Record<ShipmentStatus, (people: People) => string>> = {
  'driver assigned': () => 'The transport vendor assigned a driver to the delivery',
  'picked up': (people) => `The transport vendor picked up the car from ${people.seller.name}`,
  'in transit': (people) => `The transport vendor has the car on its way to ${people.buyer.name}`,
  delivered: (people) => `The transport vendor delivered the car to ${people.buyer.name}`,
};

/** The notes a handover the parties arranged writes on its updates (handover-plans.ts), read back for the timeline. */
export const HANDOVER_NOTES = {
  proposed: (side: Side, plan: string) => `Proposed by the ${side}: ${plan}`,
  agreed: (side: Side) => `Agreed by the ${side}`,
  bothRecorded: 'Both parties recorded the handover',
} as const;

const partyWords = (person: Person, sentence: string): Told => ({
  actor: `${person.name.charAt(0).toUpperCase()}${person.name.slice(1)}`,
  you: person.you,
  text: `${person.name} ${sentence}.`,
});

/**
 * A shipment update in words, or null when a step event already says it (the booking, and a
 * pickup handed over, which the buyer's "said they have the car" records).
 */
export function shipmentWords(kind: TransportKind, status: ShipmentStatus, note: string | null, people: People): Told | null {
  if (status === 'cancelled')
    return providerWords(
      'caramel',
      `Caramel cancelled the ${kind === 'Pickup' ? 'pickup' : 'delivery'} booking${note ? ` (${note.toLowerCase()})` : ''}`,
    );
  const proposed = note?.match(/^Proposed by the (buyer|seller): (.+)$/);
  if (proposed) return partyWords(people[proposed[1] as Side], `proposed the handover: ${proposed[2]}`);
  const agreed = note?.match(/^Agreed by the (buyer|seller)$/);
  if (agreed) return partyWords(people[agreed[1] as Side], 'agreed to the handover');
  if (note === HANDOVER_NOTES.bothRecorded) return providerWords('caramel', 'The car changed hands: both parties recorded the handover');
  const words = kind === 'Delivery' ? DELIVERY[status] : undefined;
  return words ? providerWords('transport', words(people)) : null;
}

/** The deal's milestones that are not step events. */
export const DEAL_WORDS = {
  agreed: (people: People, vehicle: string, price: string) =>
    providerWords(
      'caramel',
      `Caramel opened the sale of the ${vehicle} for ${price} between ${people.seller.name} and ${people.buyer.name}`,
    ),
  documentsMade: (titles: string[]) =>
    providerWords('caramel', `Caramel made the sale documents and sent them for signing: ${titles.join(', ')}`),
  titleReceived: () => providerWords('title desk', 'The title desk received the signed-over title'),
  closed: () => providerWords('caramel', 'Caramel closed the sale: every step done and delivery confirmed'),
};
