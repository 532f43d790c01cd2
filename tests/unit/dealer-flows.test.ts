/**
 * The flows the dealer programme assigns (issue 22): walks of the dealer-financing flow by the
 * moves a dealer's sale makes, and of the payment-first flow by its customer's moves (each ID
 * check outcome, and a retry), reach every entry of their SPEC §4.2 mappings; a sale's next action
 * leads where the mapping sends the dealer; the structure's figures add up.
 */
import { describe, expect, it } from 'vitest';
import { structureOf } from '../../src/domain/dealer-contract';
import { saleProgress } from '../../src/domain/dealer-progress';
import { destinationFor, FLOW_MAPPINGS, type Flow, type TransactionStatus } from '../../src/domain/transaction-flows';
import { FIRST_STATUS, nextStatus, type TransactionEvent } from '../../src/domain/transaction-transitions';

function walk(flow: Flow, events: TransactionEvent[]): TransactionStatus[] {
  const visited = [FIRST_STATUS[flow]];
  for (const event of events) {
    const next = nextStatus(flow, visited.at(-1)!, event);
    expect(next, `${flow}: ${event} at ${visited.at(-1)}`).toBeDefined();
    visited.push(next!);
  }
  return visited;
}

/** What a dealer's sale goes through: structure, products, the lender's review, on to transport, booking, signing. */
const DEALER_SALE: TransactionEvent[] = [
  'finance done',
  'protection chosen',
  'vehicle verified',
  'verification done',
  'transport booked',
  'signature start',
  'signing started',
  'documents signed',
  'signatures collected',
];

const UNTIL_ID_CHECK: TransactionEvent[] = ['price breakdown acknowledge', 'bank linked', 'signature start', 'gov id started'];
const SIGNED: TransactionEvent[] = ['documents signed', 'signatures collected'];
/** The customer's walks: each outcome of the government-ID check, a failure retried. */
const CUSTOMER_WALKS: TransactionEvent[][] = [
  [...UNTIL_ID_CHECK, 'gov id approved', ...SIGNED],
  [...UNTIL_ID_CHECK, 'gov id approved after review', ...SIGNED],
  [...UNTIL_ID_CHECK, 'gov id declined', 'gov id retried', 'gov id started', 'gov id approved', ...SIGNED],
  [...UNTIL_ID_CHECK, 'gov id declined after review', 'gov id retried', 'gov id started', 'gov id approved', ...SIGNED],
];

describe('the flows of a dealer’s sale', () => {
  it('the dealer’s walk reaches every entry of the dealer financing mapping and ends the flow', () => {
    const visited = walk('dealer-financing', DEALER_SALE);
    expect(new Set(visited)).toEqual(new Set(Object.keys(FLOW_MAPPINGS['dealer-financing'])));
    expect(visited.at(-1)).toBe('signature_done');
  });

  it('the customer’s walks reach every entry of the payment-first mapping and end the flow', () => {
    const visited = CUSTOMER_WALKS.flatMap((events) => walk('payment-first', events));
    expect(new Set(visited)).toEqual(new Set(Object.keys(FLOW_MAPPINGS['payment-first'])));
    for (const events of CUSTOMER_WALKS) expect(walk('payment-first', events).at(-1)).toBe('signature_done');
  });

  it('a sale’s next action leads where the dealer financing mapping sends the dealer', () => {
    const inProgress = { stage: 'in progress' as const, releasesAt: null, closedAt: null };
    const sale = { id: 's1', transactionId: 't1', kind: 'finance' as const, decision: 'approved' as const, sale: inProgress };
    for (const status of walk('dealer-financing', DEALER_SALE)) {
      const next = saleProgress({ ...sale, status }).next;
      if (!next) continue;
      const destination = destinationFor('dealer-financing', status)!;
      expect(next.path, status).toBe(
        destination.path.startsWith('/finance') ? '/finance/status?sale=s1' : `${destination.path}?transaction=t1`,
      );
    }
    expect(saleProgress({ ...sale, status: 'finance_completed', decision: 'pending' })).toEqual({
      label: 'Waiting for the lender',
      next: null,
    });
    expect(saleProgress({ ...sale, status: 'finance_completed', decision: 'unsent' })).toEqual({
      label: 'Waiting for the signed application',
      next: { label: 'Upload the signed application', path: '/finance/status?sale=s1' },
    });
    // Once both signed, the sale's own stage: waiting for the handover, the customer's check, closed.
    expect(saleProgress({ ...sale, status: 'signature_done', sale: { ...inProgress, stage: 'waiting for handover' } }).label).toBe(
      'Signed · waiting for the handover',
    );
    expect(saleProgress({ ...sale, status: 'signature_done', sale: { ...inProgress, stage: 'closed' } }).label).toBe('Closed');
    expect(
      saleProgress({ ...sale, status: 'signature_done', sale: { ...inProgress, stage: 'closed', closedAt: '2026-12-01T12:00:00Z' } }).label,
    ).toMatch(/^Closed Dec \d$/);
  });
});

describe('structureOf', () => {
  it('finances the price and products less the down payment at the lender’s APR; cash is due in full', () => {
    const financed = structureOf(
      { priceDollars: 18_500, kind: 'finance', aprBasisPoints: 990 },
      { termMonths: 60, downPaymentDollars: 2_500, products: ['warranty', 'warranty'] },
    );
    expect(financed).toMatchObject({ products: ['warranty'], productsCents: 189_500, amountFinancedCents: 1_789_500 });
    expect(financed.dueFromCustomerCents).toBe(250_000);
    expect(financed.monthlyPaymentCents).toBe(37_934);
    const cash = structureOf({ priceDollars: 18_500, kind: 'cash', aprBasisPoints: null }, { products: ['gap'] });
    expect(cash).toMatchObject({ amountFinancedCents: 0, monthlyPaymentCents: 0, dueFromCustomerCents: 1_919_500 });
  });
});
