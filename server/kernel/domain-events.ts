/**
 * The product's one vocabulary of what happened (DESIGN.md §13): a typed map from event name to
 * what a subscriber needs to know. Commands and modules emit events through the unit of work;
 * effects subscribe (server/effects/subscriptions.ts) and, in the same database transaction,
 * write what each person is told — a notification, its live notice and its mail. Nobody calls
 * another part of the server to tell someone something: they say what happened.
 */
import type { LenderTerms } from '../../src/domain/dealer-contract';
import type { DeliveryConfirmer, DisputeDecision } from '../../src/domain/delivery';
import type { PartyRole } from '../../src/domain/offer-lifecycle';
import type { Side } from '../../src/domain/parties';
import type { Flow, TransactionStatus } from '../../src/domain/transaction-flows';
import type { TransactionEvent } from '../../src/domain/transaction-transitions';
import type { Tx } from './event-log';
import type { Notice, Recipient } from './notify';

export interface DomainEvents {
  /** A transaction's log grew (the unit of work emits it once per transaction, after saving). */
  'transaction.changed': {
    dealId: string;
    transactionId: string;
    side: Side;
    flow: Flow;
    from: TransactionStatus;
    to: TransactionStatus;
    version: number;
    events: TransactionEvent[];
  };
  /** A deal was made: everyone on it sees it. */
  'deal.opened': { dealId: string };
  /** Someone took their place on a deal (an account linked to the e-mail it was made for). */
  'deal.joined': { dealId: string };
  /** An offer changed: both of its sides see it anew. */
  'negotiation.changed': { negotiationId: string };
  'offer.made': {
    negotiationId: string;
    role: PartyRole;
    byName: string | null;
    amount: number;
    vehicle: string;
    /** The seller is still to confirm a vehicle the buyer described. */
    toConfirm: boolean;
    /** Where someone without an account answers; null for someone reached in the app (by their code). */
    shareUrl: string | null;
  };
  'offer.countered': { negotiationId: string; offerId: string; side: PartyRole; amount: number };
  'offer.accepted': { negotiationId: string; side: PartyRole; amount: number; dealId: string };
  'offer.ended': { negotiationId: string; side: PartyRole; how: 'declined' | 'withdrawn'; amount: number };
  /** The seller accepted another buyer's offer on the vehicle. */
  'offer.closed': { negotiationId: string };
  'vehicle.confirmed': { negotiationId: string; vehicle: string; vin: string };
  'partner deal.made': {
    dealId: string;
    negotiationId: string;
    what: string;
    listedOn: string;
    buyerPaysFirst: boolean;
  };
  'lender.decided': {
    saleId: string;
    dealerUserId: string;
    customerName: string;
    car: string;
    decision: 'approved' | 'conditional' | 'declined';
    terms: LenderTerms | null;
  };
  /** Someone applied to join the dealer programme: the admins are told. */
  'dealer application.sent': { applicationId: string; dealershipName: string };
  /** An admin decided an application: the applicant is told, with the reason when declined. */
  'dealer application.decided': {
    applicationId: string;
    applicantUserId: string;
    dealershipName: string;
    decision: 'approved' | 'declined';
    reason: string | null;
  };
  /** A dealer signed their sale: the customer's part opens. */
  'dealer.signed': { dealId: string; customerTransactionId: string };
  'payout.released': { dealId: string; sellerTransactionId: string; key: string; cents: number };
  /** The seller's bank sent part of their payout back: it is held until they choose another account. */
  'payout.returned': { dealId: string; sellerTransactionId: string; transferId: string; cents: number; reason: string };
  'sale.cancelled': { dealId: string; by: Side; reason: string | null; otherTransactionId: string | null };
  'sale.closed': { dealId: string };
  /** A party proposed the handover (where the parties arrange it): the other party is told, to agree or propose another. */
  'handover.proposed': { dealId: string; side: Side };
  /** A party agreed to the handover the other proposed: the other party is told. */
  'handover.agreed': { dealId: string; side: Side };
  /** A party recorded their side of the handover: the other party is told. */
  'handover.recorded': { dealId: string; side: Side };
  /** The car was handed over: the buyer's time to confirm or raise a problem starts (`hours` long); both are told. */
  'delivery.started': { dealId: string; hours: number };
  /** The buyer's time after the handover ends soon: they are reminded, once. */
  'delivery.reminder': { dealId: string; releasesAt: string };
  /** Delivery counts as done (the buyer, the clock or an admin's decision): the money waiting on it moves; both parties are told. */
  'delivery.confirmed': { dealId: string; by: DeliveryConfirmer };
  /** The buyer raised a problem with the car: the money still held stays held; the seller and the admins are told. */
  'dispute.opened': { dealId: string; disputeId: string; reason: string };
  /** A party added evidence to an open case: the other party and the admins are told. */
  'dispute.evidence': { dealId: string; disputeId: string; side: Side };
  /** An admin decided a case: both parties are told, by mail too. */
  'dispute.decided': { dealId: string; disputeId: string; decision: DisputeDecision; refundCents: number };
  /** A party wrote in a deal's thread: both parties' open tabs fetch it. */
  'message.sent': { negotiationId: string; messageId: string; seq: number };
  /** A party's device fetched or showed a thread's messages: the writer sees them delivered or read. */
  'thread.seen': { negotiationId: string };
  /** A party left messages unread past the wait (mail-unread-messages.ts): they are mailed, once for this hour. */
  'messages.unread': { negotiationId: string; userId: string; unread: number; vehicle: string; at: number };
  /** A party reported a message: the admins are told, and may read the thread. */
  'message.reported': { negotiationId: string; messageId: string; reason: string };
}

export type DomainEventName = keyof DomainEvents;
export type DomainEvent = { [K in DomainEventName]: { name: K; payload: DomainEvents[K] } }[DomainEventName];

/** What a subscriber may do, in the command's database transaction: read, and tell people. */
export interface EffectWriter {
  tx: Tx;
  /** Tells `to` once per `notice.key`: the notification, its live notice, its mail. */
  notify(to: Recipient, notice: Notice): Promise<void>;
  /** Tells everyone on `side` of the deal. */
  notifySide(dealId: string, side: Side, notice: Notice): Promise<void>;
  /** Pushes a message to the devices of the thread's other party (push-queue.ts). */
  pushMessage(messageId: string): Promise<void>;
}

export type Subscriber<K extends DomainEventName> = (effects: EffectWriter, payload: DomainEvents[K]) => Promise<void>;
export type Subscribers = { [K in DomainEventName]?: Subscriber<K>[] };
