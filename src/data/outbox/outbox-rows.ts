/**
 * The rows of the outbox (IndexedDB): actions a user took, each with the idempotency key made
 * when they acted, kept until the server applied or refused them. Transaction actions, offer
 * actions and messages share one queue, sent in the order they were taken.
 */
import type { OfferVehicle } from '../../domain/offer-contract';
import type { ConfirmVehicle, StartOffer } from '../../domain/offer-fields';
import type { PartyEvent } from '../../domain/transaction-transitions';

interface Queued {
  seq?: number;
  idempotencyKey: string;
  createdAt: number;
  state: 'pending' | 'refused';
  error?: string;
}

/**
 * A step action. `expectedVersion` is null when it was queued behind another action of the same
 * transaction: it is based on what that one leads to, so it goes out with the version the server
 * answered for it.
 */
export interface TransactionAction extends Queued {
  kind: 'transaction';
  transactionId: string;
  event: PartyEvent;
  payload: Record<string, unknown>;
  expectedVersion: number | null;
}

/** What a party asks of an offer; `start` also carries the decoded vehicle for the row shown until it is sent. */
export type OfferRequest =
  | { action: 'start'; input: Omit<StartOffer, 'idempotencyKey'>; vehicle: OfferVehicle }
  | { action: 'confirm-vehicle'; vehicle: Omit<ConfirmVehicle, 'idempotencyKey'> }
  | { action: 'counter'; amount: number; latestOfferId: string }
  | { action: 'accept' | 'decline' | 'withdraw'; latestOfferId: string }
  | { action: 'share' }
  | { action: 'revoke' };

/** An offer action; a `start` names the draft row (`draft-<key>`) that stands for its negotiation until the server answers. */
export interface OfferAction extends Queued {
  kind: 'offer';
  negotiationId: string;
  request: OfferRequest;
}

/**
 * A message written in a deal's thread; it shows as "not sent yet" in the thread until the server
 * stored it. One with a file waits for the file's upload (the resumable uploader's task) to finish.
 */
export interface MessageAction extends Queued {
  kind: 'message';
  negotiationId: string;
  body: string;
  attachment?: { taskId: string; fileName: string; contentType: string; size: number };
}

/**
 * The buyer's confirmation that the car is as described (it pays the seller the rest): kept here like every action, so
 * the key made when they pressed it is the one every retry, reload or background send carries — the server answers a
 * repeat with its first answer, never a second confirmation under a second key.
 */
export interface DeliveryAction extends Queued {
  kind: 'delivery';
  transactionId: string;
  action: 'confirm';
}

export type OutboxRow = TransactionAction | OfferAction | MessageAction | DeliveryAction;

export const isTransactionAction = (row: OutboxRow): row is TransactionAction => row.kind === 'transaction';

/**
 * How long the server may take to confirm an action before a screen says it is still being sent. A confirmation that
 * comes at once is shown by the pressed button alone: a notice that appeared and went within a second moved the step
 * under the person's finger, and a tap landing as it moved did nothing.
 */
export const CONFIRMING_MS = 3000;

/** The actions among `rows` a screen tells the person about at `now`: every one waiting offline; online, those not confirmed within a moment. */
export function unconfirmed<Row extends OutboxRow>(rows: Row[], online: boolean, now: number): Row[] {
  const waiting = rows.filter((row) => row.state === 'pending');
  return online ? waiting.filter((row) => now - row.createdAt >= CONFIRMING_MS) : waiting;
}
