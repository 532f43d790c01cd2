/**
 * The deal timeline's words (deal-timeline.ts): who did what, as the reader may see it. A step
 * event becomes a sentence with its actor — a party ("You", "Sam (seller)") or a provider by its
 * role ("The title desk approved the title"). A payload reaches the words only through the few
 * fields picked here (an amount, delivery or pickup, the documents signed, a reason the reader
 * may read); everything else in it — addresses, inquiry ids, account numbers — never does.
 */
import { asSentence } from './action-labels';
import type { DealRole, Side } from './parties';
import { formatCents } from './pricing';
import type { TransactionEvent, ViewChangeEvent } from './transaction-transitions';

export const PROVIDER_ROLES = {
  identity: { actor: 'ID verification service', subject: 'the ID verification service' },
  address: { actor: 'Address check', subject: 'the address check' },
  lenders: { actor: 'Lenders', subject: 'the lenders' },
  insurance: { actor: 'Insurance carriers', subject: 'the insurance carriers' },
  'title desk': { actor: 'Title desk', subject: 'the title desk' },
  inspection: { actor: 'Inspection service', subject: 'the inspection service' },
  esign: { actor: 'E-signature service', subject: 'the e-signature service' },
  bank: { actor: 'Bank', subject: 'the bank' },
  transport: { actor: 'Transport vendor', subject: 'the transport vendor' },
  caramel: { actor: 'Caramel', subject: 'Caramel' },
} as const;
export type ProviderRole = keyof typeof PROVIDER_ROLES;

/** A person of the deal as the reader may name them: "you", "Sam (seller)", or "the seller" when no name is known. */
export interface Person {
  you: boolean;
  name: string;
  possessive: string;
}

const ROLE_NAMES: Record<DealRole, string> = {
  buyer: 'buyer',
  seller: 'seller',
  coBuyer: 'co-buyer',
  additionalBuyer: 'buyer',
  additionalSeller: 'seller',
  registeredOwner1: 'registered owner',
  registeredOwner2: 'registered owner',
};

export const YOU: Person = { you: true, name: 'you', possessive: 'your' };

/** Another person of the deal: first name and role, never more (no last name, e-mail or contact). */
export function personNamed(role: DealRole, firstName: string | null): Person {
  const roleName = ROLE_NAMES[role];
  const first = firstName?.trim();
  return first
    ? { you: false, name: `${first} (${roleName})`, possessive: `${first}’s` }
    : { you: false, name: `the ${roleName}`, possessive: `the ${roleName}’s` };
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What the words of one event may read: its payload (fields are picked, never passed on whole), and the reader's place. */
export interface EventContext {
  payload: Record<string, unknown>;
  /** The reader is on the side the event happened on (a bank's reason is theirs alone to read). */
  ownSide: boolean;
  /** The titles of the documents that side signs, for "documents signed". */
  documents: readonly string[];
}

/** Who tells an event: the party that acted, a provider by its role, or the party that cancelled (the payload's `by`). */
type Teller = 'party' | 'canceller' | ProviderRole;
/**
 * A phrase after the actor; `{their}` is the acting party's ("your"/"their") or, after a provider, the side's ("your"/"Sam’s");
 * `{they}` is the acting party ("you"/"they").
 */
type Phrase = string | ((context: EventContext) => string);

const amount = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? formatCents(value) : null);
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** Every event but the view changes, which the timeline tells from their own records (money, transport, documents). */
export type ToldEvent = Exclude<TransactionEvent, ViewChangeEvent>;

export const EVENT_WORDS: Record<ToldEvent, { by: Teller; phrase: Phrase }> = {
  'identity submitted': { by: 'party', phrase: 'sent {their} identity verification' },
  'identity retried': { by: 'party', phrase: 'started the identity verification again' },
  'address submitted': { by: 'party', phrase: 'gave {their} home address' },
  'address updated': { by: 'party', phrase: 'corrected {their} home address' },
  'identity address uploaded': { by: 'party', phrase: 'uploaded a proof of address' },
  'identity done': { by: 'party', phrase: 'finished the identity step' },
  'finance application submitted': { by: 'party', phrase: 'applied for a loan' },
  'finance done': { by: 'party', phrase: 'chose a loan' },
  'finance skipped': { by: 'party', phrase: 'chose to pay without a loan' },
  'protection chosen': { by: 'party', phrase: 'chose a protection plan' },
  'protection skipped': { by: 'party', phrase: 'went without a protection plan' },
  'insurance quote requested': { by: 'party', phrase: 'asked for insurance quotes' },
  'insurance coverage selected': { by: 'party', phrase: 'chose an insurance quote' },
  'insurance done': { by: 'party', phrase: 'confirmed {their} insurance policy' },
  'insurance skipped': { by: 'party', phrase: 'went on without buying insurance here' },
  'transport booked': {
    by: 'party',
    phrase: ({ payload }) => (payload.kind === 'Pickup' ? 'booked a pickup of the car at the seller’s' : 'booked delivery of the car'),
  },
  'verification done': { by: 'party', phrase: 'went on to payment' },
  'price breakdown acknowledge': { by: 'party', phrase: 'accepted {their} price breakdown' },
  'registered owners submitted': { by: 'party', phrase: 'named who goes on the title' },
  'bank linked': {
    by: 'party',
    phrase: ({ payload }) => {
      const cents = amount(payload.authorizedCents);
      return cents ? `authorised a payment of ${cents} from {their} bank` : 'chose the bank account for {their} payout';
    },
  },
  'payout account changed': { by: 'party', phrase: 'chose another bank account for {their} payout' },
  'vehicle received': { by: 'party', phrase: 'said {they} have the car' },
  'signature start': { by: 'party', phrase: 'went on to signing' },
  'signing started': { by: 'party', phrase: 'opened the signing step' },
  'gov id started': { by: 'party', phrase: 'started the government ID check' },
  'gov id retried': { by: 'party', phrase: 'started the government ID check again' },
  'documents signed': {
    by: 'party',
    phrase: ({ documents }) => (documents.length ? `signed ${documents.join(', ')}` : 'signed the sale documents'),
  },
  'reports reviewed': { by: 'party', phrase: 'reviewed the vehicle reports' },
  'title lender submitted': { by: 'party', phrase: 'named the lender that holds the title' },
  'title document replaced': { by: 'party', phrase: 'sent a new photo for the title desk' },
  'agent authorized': { by: 'party', phrase: 'authorised Caramel to act as agent for the title transfer' },
  'title docs uploaded': { by: 'party', phrase: 'uploaded the title photos' },
  'title vehicle docs uploaded': { by: 'party', phrase: 'uploaded the VIN plate and odometer photos' },
  'inspection submitted': { by: 'party', phrase: 'sent the self-inspection' },
  'inspection skipped': { by: 'party', phrase: 'skipped the self-inspection' },
  'inspection done': { by: 'party', phrase: 'finished the inspection step' },

  'identity approved': { by: 'identity', phrase: 'verified {their} identity' },
  'identity declined': { by: 'identity', phrase: 'could not verify {their} identity' },
  'address verified': { by: 'address', phrase: 'confirmed {their} home address' },
  'address not verified': { by: 'address', phrase: 'could not confirm {their} home address' },
  'identity updated address success': { by: 'address', phrase: 'confirmed {their} corrected address' },
  'loans offered': { by: 'lenders', phrase: 'answered {their} loan application with offers' },
  'no loans offered': { by: 'lenders', phrase: 'had no loan to offer for {their} application' },
  'insurance quoted': { by: 'insurance', phrase: 'sent quotes for {their} insurance' },
  'no insurance quotes': { by: 'insurance', phrase: 'had no quote for {their} insurance' },
  'vehicle verified': { by: 'title desk', phrase: 'verified the car’s VIN and odometer' },
  'gov id approved': { by: 'identity', phrase: 'approved {their} government ID' },
  'gov id declined': { by: 'identity', phrase: 'could not approve {their} government ID' },
  'gov id approved after review': { by: 'identity', phrase: 'approved {their} government ID after a manual review' },
  'gov id declined after review': { by: 'identity', phrase: 'declined {their} government ID after a manual review' },
  'signatures collected': { by: 'esign', phrase: 'collected every signature; the signed copies are stored' },
  'price breakdown ready': { by: 'caramel', phrase: 'worked out {their} payout' },
  'inspection completed': { by: 'inspection', phrase: 'finished the inspection report' },
  'title approved': { by: 'title desk', phrase: 'approved the title' },
  'title photo needed': { by: 'title desk', phrase: 'asked for another photo' },
  'vehicle verification paused': { by: 'title desk', phrase: 'paused the vehicle check until Caramel is authorised as agent' },
  'payment returned': {
    by: 'bank',
    phrase: ({ payload, ownSide }) => {
      const reason = ownSide ? text(payload.reason) : null;
      return `returned {their} payment${reason ? ` (${reason})` : ''}`;
    },
  },
  'sale cancelled': {
    by: 'canceller',
    phrase: ({ payload }) => {
      const fee = amount(payload.feeCents);
      const reason = text(payload.reason);
      return `cancelled the sale${reason ? ` (“${reason}”)` : ''}${fee ? `, with a ${fee} fee` : ''}`;
    },
  },
};

/** Events both sides record at once (both transactions get one): the timeline shows each once. */
export const DEAL_WIDE_EVENTS = ['sale cancelled', 'signatures collected'] as const satisfies readonly TransactionEvent[];

export interface Told {
  actor: string;
  you: boolean;
  text: string;
}

/**
 * An event in words. `actor` is the party who sent it (for a party's action), `party` the person
 * whose side it happened on, `sides` both parties (for the one who cancelled).
 */
export function eventWords(
  event: ToldEvent,
  context: EventContext,
  people: { actor: Person; party: Person; sides: Record<Side, Person> },
): Told {
  const { by, phrase } = EVENT_WORDS[event];
  const words = typeof phrase === 'string' ? phrase : phrase(context);
  const canceller = people.sides[context.payload.by === 'seller' ? 'seller' : 'buyer'];
  const person = by === 'party' ? people.actor : by === 'canceller' ? canceller : null;
  if (person)
    return {
      actor: capital(person.name),
      you: person.you,
      text: asSentence(
        `${person.name} ${words.replaceAll('{their}', person.you ? 'your' : 'their').replaceAll('{they}', person.you ? 'you' : 'they')}`,
      ),
    };
  const role = PROVIDER_ROLES[by as ProviderRole];
  return { actor: role.actor, you: false, text: asSentence(`${role.subject} ${words.replaceAll('{their}', people.party.possessive)}`) };
}

/** A line of the provider's or Caramel's own (money, transport, the deal): its actor and sentence. */
export function providerWords(by: ProviderRole, sentence: string): Told {
  return { actor: PROVIDER_ROLES[by].actor, you: false, text: asSentence(sentence) };
}
