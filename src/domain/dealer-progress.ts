/**
 * Where a dealer's sale stands, in words, and what the dealer does next: read from the lender's
 * decision and the dealer's transaction status, whose screen is the SPEC §4.2 dealer financing
 * mapping (transaction-flows.ts) — finance_done and finance_completed on /finance, protection_done
 * and verification_completed on /finance/status, then transport and signature in the transaction.
 */
import { saleWords } from './sale-state';
import type { DealerSale } from './dealer-contract';
import { destinationFor, type TransactionStatus } from './transaction-flows';

export interface SaleProgress {
  /** The sale's status as the list shows it. */
  label: string;
  /** What the dealer does next and where, or null when it is someone else's move. */
  next: { label: string; path: string } | null;
}

const ACTIONS: Partial<Record<TransactionStatus, string>> = {
  finance_completed: 'Structure the deal',
  finance_done: 'Add warranty and GAP',
  protection_done: 'Upload documents',
  verification_completed: 'Continue to pickup or delivery',
  verification_done: 'Choose pickup or delivery',
  transport_done: 'Sign the documents',
  signature_start: 'Sign the documents',
  signature_started: 'Sign the documents',
};

const LABELS: Partial<Record<TransactionStatus, string>> = {
  finance_done: 'Structured',
  protection_done: 'Documents',
  verification_completed: 'Approved for funding',
  verification_done: 'Pickup or delivery',
  transport_done: 'Ready to sign',
  signature_start: 'Signing',
  signature_started: 'Signing',
  signature_completed: 'Waiting for the customer',
  signature_done: 'Waiting for the customer',
};

export function saleProgress(sale: Pick<DealerSale, 'id' | 'kind' | 'status' | 'decision' | 'sale' | 'transactionId'>): SaleProgress {
  const status = sale.status as TransactionStatus;
  // Once both have signed, the sale's own stage: the handover, the customer's check, closed. (A declined
  // application cancels the deal: its decision below says so.)
  const stage = sale.sale.stage === 'cancelled' ? null : saleWords(sale.sale, 'seller');
  if (stage) return { label: stage, next: null };
  const statusPath = `/finance/status?sale=${sale.id}`;
  if (sale.decision === 'unsent')
    return { label: 'Waiting for the signed application', next: { label: 'Upload the signed application', path: statusPath } };
  if (sale.decision === 'pending') return { label: 'Waiting for the lender', next: null };
  if (sale.decision === 'declined') return { label: 'Declined', next: { label: 'See the decision', path: statusPath } };
  const opening = sale.kind === 'cash' ? 'Cash sale' : sale.decision === 'conditional' ? 'Approved with stipulations' : 'Approved';
  const label = status === 'finance_completed' ? opening : (LABELS[status] ?? opening);
  const action = ACTIONS[status];
  const destination = destinationFor('dealer-financing', status);
  if (!action || !destination) return { label, next: null };
  // The dealer area's screens are about one sale; the transaction's screens about one transaction.
  const path = destination.path.startsWith('/finance') ? statusPath : `${destination.path}?transaction=${sale.transactionId}`;
  return { label, next: { label: action, path } };
}
