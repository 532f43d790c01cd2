/**
 * The offer lifecycle (SPEC leaves it to us, issue 6). A negotiation is a chain of offers on
 * one vehicle between one seller and one buyer; each offer is made by one side and answered
 * by the other. The table below is the whole contract: who may do what in which status, and
 * where it leads. The server applies it inside a database transaction; the screens read it to
 * show only the actions that can succeed.
 *
 * | status    | action   | who                 | next      |
 * |-----------|----------|---------------------|-----------|
 * | open      | counter  | recipient           | open      | (a new offer, now from the other side)
 * | open      | accept   | recipient           | accepted  | (creates the deal; closes the vehicle's other negotiations)
 * | open      | decline  | recipient           | declined  |
 * | open      | withdraw | sender              | withdrawn |
 * | open      | expire   | system (time)       | expired   |
 * | open      | close    | system (other sale) | closed    |
 *
 * accepted, declined, withdrawn, expired and closed are final.
 */
export const NEGOTIATION_STATUSES = ['open', 'accepted', 'declined', 'withdrawn', 'expired', 'closed'] as const;
export type NegotiationStatus = (typeof NEGOTIATION_STATUSES)[number];

export const OFFER_ACTIONS = ['counter', 'accept', 'decline', 'withdraw', 'expire', 'close'] as const;
export type OfferAction = (typeof OFFER_ACTIONS)[number];

/** What a signed-in party asks of the offers API, each carrying an idempotency key. */
export const OFFER_REQUEST_ACTIONS = ['start', 'counter', 'accept', 'decline', 'withdraw', 'share', 'revoke', 'confirm-vehicle'] as const;
export type OfferRequestAction = (typeof OFFER_REQUEST_ACTIONS)[number];

export type PartyRole = 'buyer' | 'seller';
/** Who acts, seen from the latest offer: the side that made it, the side it was made to, or the system. */
export type Actor = 'sender' | 'recipient' | 'system';

export const OFFER_TRANSITIONS: Record<NegotiationStatus, Partial<Record<OfferAction, { by: Actor; to: NegotiationStatus }>>> = {
  open: {
    counter: { by: 'recipient', to: 'open' },
    accept: { by: 'recipient', to: 'accepted' },
    decline: { by: 'recipient', to: 'declined' },
    withdraw: { by: 'sender', to: 'withdrawn' },
    expire: { by: 'system', to: 'expired' },
    close: { by: 'system', to: 'closed' },
  },
  accepted: {},
  declined: {},
  withdrawn: {},
  expired: {},
  closed: {},
};

/** How long an offer stands before it expires unanswered. */
export const OFFER_VALIDITY_DAYS = 7;

const FINAL_MESSAGES: Record<Exclude<NegotiationStatus, 'open'>, string> = {
  accepted: 'This offer was already accepted.',
  declined: 'This offer was declined, so the negotiation is over.',
  withdrawn: 'This offer was withdrawn, so the negotiation is over.',
  expired: 'This offer expired. Make a new offer to start again.',
  closed: 'The seller accepted another offer on this vehicle.',
};

const WRONG_SIDE: Partial<Record<OfferAction, string>> = {
  counter: 'You made the latest offer; wait for the other side to answer it.',
  accept: 'You made the latest offer; only the other side can accept it.',
  decline: 'You made the latest offer; only the other side can decline it.',
  withdraw: 'Only the side that made the latest offer can withdraw it.',
};

export type TransitionResult = { ok: true; to: NegotiationStatus } | { ok: false; message: string };

/**
 * Whether `action` by `actorRole` (or the system) is allowed now, given who made the latest
 * offer. Answers the next status, or the sentence that tells the user why not.
 */
export function offerTransition(
  status: NegotiationStatus,
  action: OfferAction,
  actorRole: PartyRole | 'system',
  latestOfferBy: PartyRole,
): TransitionResult {
  const rule = OFFER_TRANSITIONS[status][action];
  if (!rule) return { ok: false, message: status === 'open' ? `You cannot ${action} this offer.` : FINAL_MESSAGES[status] };
  const actor: Actor = actorRole === 'system' ? 'system' : actorRole === latestOfferBy ? 'sender' : 'recipient';
  if (actor !== rule.by) {
    return {
      ok: false,
      message: rule.by === 'system' ? 'Only the system can do that.' : (WRONG_SIDE[action] ?? 'You cannot do that now.'),
    };
  }
  return { ok: true, to: rule.to };
}

/** What a party may do now, in table order: the screens offer exactly these. */
export function allowedOfferActions(status: NegotiationStatus, side: PartyRole, latestOfferBy: PartyRole): OfferAction[] {
  return OFFER_ACTIONS.filter((action) => offerTransition(status, action, side, latestOfferBy).ok);
}

/** The other side of a deal. */
export function otherSide(role: PartyRole): PartyRole {
  return role === 'buyer' ? 'seller' : 'buyer';
}
