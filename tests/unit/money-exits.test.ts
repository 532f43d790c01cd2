/**
 * No money without a way out (DESIGN.md §5, src/domain/money-exits.ts): over every kind of deal,
 * every state the flow tables, the delivery table and the handover rule reach, the money held can
 * always be paid out or refunded without a cancellation. Run on the product's tables, and on
 * deliberately broken ones to show the check finds what it is for.
 */
import { describe, expect, it } from 'vitest';
import { DELIVERY_TRANSITIONS, whyNoHandover } from '../../src/domain/delivery';
import { heldAt, PRODUCT_MODEL, stuckMoney, type MoneyModel } from '../../src/domain/money-exits';
import { DEAL_KINDS, FLOW_TRANSITIONS } from '../../src/domain/transaction-transitions';

const stuckDeals = (model: MoneyModel) => [...new Set(stuckMoney(model).stuck.map((state) => state.deal))];

describe('money held always has a way out', () => {
  it('in every kind of deal the product makes, from every state its tables reach', () => {
    const { stuck, statesWalked } = stuckMoney();
    expect(stuck).toEqual([]);
    // Not vacuous: thousands of states, money held in many of them.
    expect(statesWalked).toBeGreaterThan(1000);
    expect(Object.keys(PRODUCT_MODEL.deals)).toEqual(Object.keys(DEAL_KINDS));
  });

  it('counts what the ledger holds: all of it before the title, none once delivered and the title in', () => {
    const signed = { buyer: 'signature_done', seller: 'inspection_done', arrangement: 'arranged' } as const;
    expect(heldAt({ ...signed, delivery: 'waiting for handover', titleReceived: false })).toBe(1_800_000);
    expect(heldAt({ ...signed, delivery: 'waiting for handover', titleReceived: true })).toBe(1_050_000);
    expect(heldAt({ ...signed, delivery: 'confirmed', titleReceived: true })).toBe(0);
    expect(heldAt({ ...signed, delivery: 'refunded', titleReceived: true })).toBe(0);
    expect(heldAt({ ...signed, buyer: 'payment_start', delivery: 'waiting for handover', titleReceived: false })).toBe(0);
  });

  it('finds the partner deal whose buyer could only say they had the car at a booked pickup (the bug it was written for)', () => {
    const pickupOnly: typeof whyNoHandover = (event, facts) => {
      if (event === 'handover recorded by both') return 'the records were only evidence';
      if (event === 'vehicle received' && facts.arrangement !== 'pickup') return 'not at a pickup';
      return whyNoHandover(event, facts);
    };
    expect(stuckDeals({ ...PRODUCT_MODEL, handover: pickupOnly })).toEqual(['a partner’s deal, the buyer paying first']);
    const stuck = stuckMoney({ ...PRODUCT_MODEL, handover: pickupOnly }).stuck[0]!;
    expect(stuck.delivery).toBe('waiting for handover');
    expect(stuck.heldCents).toBeGreaterThan(0);
  });

  it('finds a case no decision can close', () => {
    const undecidable = { ...PRODUCT_MODEL, delivery: { ...DELIVERY_TRANSITIONS, disputed: {} } };
    expect(stuckDeals(undecidable)).toEqual(Object.keys(DEAL_KINDS));
    expect(stuckMoney(undecidable).stuck.every((state) => state.delivery === 'disputed')).toBe(true);
  });

  it('finds a flow that dead-ends after the buyer paid', () => {
    const flows = {
      ...FLOW_TRANSITIONS,
      'payment-first': { ...FLOW_TRANSITIONS['payment-first'], signature_started: {} },
    };
    const found = stuckMoney({ ...PRODUCT_MODEL, flows });
    expect([...new Set(found.stuck.map((state) => state.deal))].sort()).toEqual(
      ['a dealer’s sale', 'a partner’s deal, the buyer paying first'].sort(),
    );
    expect(found.stuck.some((state) => state.buyer === 'signature_started')).toBe(true);
  });
});
