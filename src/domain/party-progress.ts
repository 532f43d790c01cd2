/**
 * The other party's progress in words (DESIGN.md §11): what the seller's deal page and each
 * party's transaction say about the other side ("Your buyer is arranging insurance."). Said
 * from the flow's table of statuses, so no step data and nothing personal is needed; the one
 * detail a status can take is when a booked transport picks the car up.
 */
import { groupOf, type Flow, type StatusGroup, type TransactionStatus } from './transaction-flows';
import { choosesTransport, FINAL_STATUS } from './transaction-transitions';
import type { Side } from './parties';

/** Said of a side by the group its status is in, unless the flow says it more exactly. */
const BY_GROUP: Record<StatusGroup, string> = {
  identity: 'is verifying their identity',
  finance: 'is arranging how to pay',
  protection: 'has chosen their protection and is arranging insurance',
  insurance: 'is arranging insurance',
  transport: 'has booked transport',
  verification: 'has booked transport',
  payment: 'is arranging payment',
  signature: 'is signing the sale documents',
  title: 'has sent the title; the title desk is reviewing it',
  inspection: 'is sending the car’s inspection photos',
  pricebreakdown: 'is reviewing their payout',
};

const BY_STATUS: Record<Flow, Partial<Record<TransactionStatus, string>>> = {
  'financed-buyer': {
    identity_done: 'has verified their identity and is choosing how to pay',
    finance_submitted: 'is waiting for loan offers',
    finance_completed: 'is choosing a loan offer',
    finance_done: 'has settled how they pay and is choosing protection',
    insurance_done: 'has insurance and is booking transport',
    verification_done: 'is reviewing the price breakdown',
    payment_start: 'is linking the bank account they pay from',
    payment_done: 'has arranged payment; signing is next',
    signature_completed: 'has signed the sale documents',
  },
  'title-report': {
    identity_completed: 'has verified their identity and is reading the vehicle’s reports',
    identity_done: 'is sending the title details',
    title_done: 'has the title approved and is reviewing their payout',
    payment_start: 'is linking the bank account they are paid into',
    payment_done: 'has chosen the account they are paid into, and signs once the documents are made',
    signature_completed: 'has signed the sale documents',
    signature_done: 'has signed; the car’s self-inspection is all that is left',
    inspection_completed: 'has sent the car’s inspection photos, and the report is in',
  },
  'dealer-financing': {
    finance_completed: 'is structuring the loan',
    finance_done: 'is choosing protection',
    protection_done: 'is sending the lender the documents it asked for',
    verification_completed: 'has the loan approved for funding and is arranging the transport',
    verification_done: 'is arranging the transport',
    signature_completed: 'has signed the sale documents',
  },
  'payment-first': { transport_done: 'is reviewing the price breakdown', payment_start: 'is linking the bank account they pay from' },
};

const ROLE_NAME: Record<Side, string> = { buyer: 'buyer', seller: 'seller' };

/** A booked transport, as the transport step knows it (the kind, and the day the car is picked up). */
export interface BookedTransport {
  kind: 'Delivery' | 'Pickup';
  pickupOn: string;
}

function phrase(flow: Flow, status: TransactionStatus, transport?: BookedTransport): string {
  if (status === FINAL_STATUS[flow]) return 'has finished their side of the sale';
  const group = groupOf(status);
  // Only the party who chose the transport is said to have chosen it (a dealer's customer has it chosen for them).
  if (transport && choosesTransport(flow) && (group === 'transport' || group === 'verification')) {
    const on = new Date(transport.pickupOn).toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
    return `has chosen ${transport.kind === 'Delivery' ? 'delivery' : 'to pick the car up'} — the car is picked up on ${on}`;
  }
  return BY_STATUS[flow][status] ?? BY_GROUP[group];
}

/** "Your buyer is arranging insurance." — the `side` party's progress, told to the other party. */
export function progressInWords(side: Side, flow: Flow, status: TransactionStatus, transport?: BookedTransport): string {
  const who = flow === 'dealer-financing' ? 'dealer' : ROLE_NAME[side];
  return `Your ${who} ${phrase(flow, status, transport)}.`;
}
