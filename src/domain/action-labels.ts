/**
 * What each party action is called where a person reads it (a refused action's notice, the
 * timeline): the event names are the API's vocabulary, not the user's.
 */
import type { PartyEvent } from './transaction-transitions';

export const ACTION_LABELS: Record<PartyEvent, string> = {
  'identity submitted': 'Sending your identity verification',
  'identity retried': 'Trying the verification again',
  'address submitted': 'Confirming your address',
  'address updated': 'Correcting your address',
  'identity address uploaded': 'Sending your proof of address',
  'identity done': 'Finishing the identity step',
  'finance application submitted': 'Sending your loan application',
  'finance done': 'Choosing a loan',
  'finance skipped': 'Choosing to pay cash',
  'protection chosen': 'Choosing a protection plan',
  'protection skipped': 'Skipping protection',
  'insurance quote requested': 'Asking for insurance quotes',
  'insurance coverage selected': 'Choosing an insurance quote',
  'insurance done': 'Confirming your insurance policy',
  'insurance skipped': 'Skipping insurance',
  'transport booked': 'Booking transport',
  'verification done': 'Going on to payment',
  'price breakdown acknowledge': 'Accepting the price breakdown',
  'registered owners submitted': 'Saving who goes on the title',
  'bank linked': 'Authorising the payment from your bank',
  'payout account changed': 'Choosing another account for your payout',
  'vehicle received': 'Confirming you have the car',
  'signature start': 'Starting to sign',
  'signing started': 'Opening the documents to sign',
  'gov id started': 'Starting the ID check',
  'gov id retried': 'Trying the ID check again',
  'documents signed': 'Signing the documents',
  'reports reviewed': 'Going on to the title step',
  'title lender submitted': 'Sending your lender details',
  'title document replaced': 'Sending the new photo',
  'agent authorized': 'Authorising Caramel as your agent',
  'title docs uploaded': 'Sending your title documents',
  'title vehicle docs uploaded': 'Sending the vehicle photos',
  'inspection submitted': 'Sending your inspection',
  'inspection skipped': 'Skipping the inspection',
  'inspection done': 'Finishing the inspection',
};

/** A message as a sentence: capitalised, ending with a full stop (or the question or exclamation mark it has). */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return trimmed;
  const capital = trimmed[0]!.toUpperCase() + trimmed.slice(1);
  return /[.!?…]["”’)]?$/.test(capital) ? capital : `${capital}.`;
}
