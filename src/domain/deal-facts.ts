/**
 * Facts about a side of a deal that the server's rules, its read models and the app's screens all
 * ask, each defined once (DESIGN.md §13): whether a side has signed the sale documents, and whether
 * its payment step is behind it (so the figures the documents show cannot change any more).
 */
import type { TransactionStatus } from './transaction-flows';

/** The statuses at which a side has signed: its signature confirmed by the e-signature provider, and everything after. */
const SIGNED: readonly TransactionStatus[] = [
  'signature_completed',
  'signature_done',
  'inspection_submitted',
  'inspection_completed',
  'inspection_done',
];

export const hasSigned = (status: TransactionStatus | undefined): boolean => status !== undefined && SIGNED.includes(status);

/** A side whose payment step is behind it: paid, signing or signed. */
export const hasPaid = (status: TransactionStatus | undefined): boolean =>
  status === 'payment_done' || !!status?.startsWith('signature_') || !!status?.startsWith('inspection_');
