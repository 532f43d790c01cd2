import { describe, expect, it } from 'vitest';
import type { LedgerAccount } from '../../src/domain/settlement';
import { journalWords, shipmentWords } from '../../src/domain/timeline-records';
import { EVENT_WORDS, eventWords, personNamed, PROVIDER_ROLES, YOU, type Person, type ToldEvent } from '../../src/domain/timeline-words';
import { isViewChange, PARTY_EVENTS, PROVIDER_EVENTS, TRANSACTION_EVENTS } from '../../src/domain/transaction-transitions';

/** Every event but the view changes, which the timeline tells from their own records. */
const TOLD_EVENTS = TRANSACTION_EVENTS.filter((event): event is ToldEvent => !isViewChange(event));

const SAM = personNamed('seller', 'Sam');
const ALEX = personNamed('buyer', 'Alex');

/** A payload holding what no other party may read, under the names the real payloads use. */
const PRIVATE = {
  line1: '12 Elm St',
  postalCode: '97201',
  pickupAddress: { line1: '12 Elm St', city: 'Portland', state: 'OR', postalCode: '97201' },
  inquiryId: 'inq_5ecret',
  accountId: '7c1e0b3e-0000-4000-8000-000000000001',
  accountNumber: 'AC-4417-2210',
  email: 'sam.private@example.com',
  signedFrom: '203.0.113.7',
  policyNumber: 'POL-123987',
  fullName: 'Samuel Quincy Seller',
  lienholderName: 'Harbor Credit Union',
  reason: 'Insufficient funds',
  code: 'R01',
};

const told = (event: ToldEvent, actor: Person, party: Person, ownSide = false, payload: Record<string, unknown> = {}) =>
  eventWords(event, { payload, ownSide, documents: [] }, { actor, party, sides: { buyer: ALEX, seller: party.you ? YOU : SAM } });

describe('every transaction event in words', () => {
  it.each(TOLD_EVENTS)('%s reads as a sentence that starts with who acted', (event) => {
    const { by } = EVENT_WORDS[event];
    for (const [actor, party] of [
      [YOU, YOU],
      [SAM, SAM],
    ] as const) {
      const words = told(event, actor, party);
      expect(words.text).toMatch(/^[A-Z].*\.$/);
      expect(words.text).not.toMatch(/[{}]/);
      if (by === 'party') {
        expect(words).toMatchObject({ actor: actor.you ? 'You' : 'Sam (seller)', you: actor.you });
        expect(words.text.startsWith(actor.you ? 'You ' : 'Sam (seller) ')).toBe(true);
      } else if (by !== 'canceller') {
        expect(words).toMatchObject({ actor: PROVIDER_ROLES[by].actor, you: false });
        expect(words.text.toLowerCase().startsWith(PROVIDER_ROLES[by].subject.toLowerCase())).toBe(true);
      }
    }
  });

  it('is told by a party for a party’s action and by a provider for a provider’s answer (a cancellation by the party who cancelled)', () => {
    for (const event of PARTY_EVENTS) expect(EVENT_WORDS[event].by, event).toBe('party');
    for (const event of PROVIDER_EVENTS.filter((name) => !isViewChange(name)))
      expect(EVENT_WORDS[event as ToldEvent].by, event).not.toBe('party');
    expect(EVENT_WORDS['sale cancelled'].by).toBe('canceller');
  });

  it.each(TOLD_EVENTS)('%s shows nothing private of its payload to the other party', (event) => {
    // A cancellation's reason is written for the other party (they are mailed it): the one reason they read.
    const { reason: _reason, ...payload } = PRIVATE;
    const { text } = told(event, SAM, SAM, false, event === 'sale cancelled' ? payload : PRIVATE);
    for (const secret of [
      '12 Elm',
      '97201',
      'inq_',
      '7c1e0b3e',
      '4417',
      '@example.com',
      '203.0.113',
      'POL-',
      'Quincy',
      'Harbor',
      'Insufficient',
      'R01',
    ])
      expect(text).not.toContain(secret);
  });

  it('names the actor as the reader may see them, with their own words for what they did', () => {
    expect(told('title docs uploaded', SAM, SAM)).toEqual({
      actor: 'Sam (seller)',
      you: false,
      text: 'Sam (seller) uploaded the title photos.',
    });
    expect(told('title approved', SAM, SAM)).toEqual({ actor: 'Title desk', you: false, text: 'The title desk approved the title.' });
    expect(told('identity approved', ALEX, ALEX).text).toBe('The ID verification service verified Alex’s identity.');
    expect(told('identity approved', YOU, YOU).text).toBe('The ID verification service verified your identity.');
    expect(told('insurance done', ALEX, ALEX).text).toBe('Alex (buyer) confirmed their insurance policy.');
    expect(told('bank linked', YOU, YOU, true, { authorizedCents: 1_234_567 }).text).toBe(
      'You authorised a payment of $12,345.67 from your bank.',
    );
    expect(told('bank linked', SAM, SAM, false, { authorizedCents: 0 }).text).toBe('Sam (seller) chose the bank account for their payout.');
    expect(told('transport booked', ALEX, ALEX, false, { kind: 'Pickup', day: '2030-01-02' }).text).toBe(
      'Alex (buyer) booked a pickup of the car at the seller’s.',
    );
    expect(personNamed('coBuyer', null)).toEqual({ you: false, name: 'the co-buyer', possessive: 'the co-buyer’s' });
  });

  it('says which documents a party signed', () => {
    const words = eventWords(
      'documents signed',
      {
        payload: { envelopeId: 'e', signedFrom: '203.0.113.7' },
        ownSide: false,
        documents: ['Bill of sale', 'Odometer disclosure statement'],
      },
      { actor: SAM, party: SAM, sides: { buyer: YOU, seller: SAM } },
    );
    expect(words.text).toBe('Sam (seller) signed Bill of sale, Odometer disclosure statement.');
  });

  it('gives a bank’s reason for a returned payment to the payer’s side only', () => {
    expect(told('payment returned', YOU, YOU, true, PRIVATE).text).toBe('The bank returned your payment (Insufficient funds).');
    expect(told('payment returned', ALEX, ALEX, false, PRIVATE).text).toBe('The bank returned Alex’s payment.');
  });

  it('tells a cancellation as the act of the party who cancelled, with its reason and fee', () => {
    const words = eventWords(
      'sale cancelled',
      { payload: { by: 'seller', reason: 'Sold it to my neighbour', feeCents: 25_000 }, ownSide: true, documents: [] },
      { actor: ALEX, party: YOU, sides: { buyer: YOU, seller: SAM } },
    );
    expect(words).toEqual({
      actor: 'Sam (seller)',
      you: false,
      text: 'Sam (seller) cancelled the sale (“Sold it to my neighbour”), with a $250 fee.',
    });
  });
});

describe('money in words', () => {
  const people = { buyer: YOU, seller: SAM };
  const move = (reason: string, from: LedgerAccount, to: LedgerAccount, cents: number) => ({
    reason,
    lines: [
      { account: from, cents: -cents },
      { account: to, cents },
    ],
  });

  it.each([
    [move('collected', 'buyer', 'held', 1_234_567), 'Bank', 'The bank collected $12,345.67 from you; Caramel holds it.'],
    [move('collected', 'buyer lender', 'held', 1_600_000), 'Bank', 'The bank collected $16,000 from your lender; Caramel holds it.'],
    [move('lien payoff', 'held', 'lienholder', 1_234_567), 'Caramel', 'Caramel paid $12,345.67 to Sam’s lender to pay off the car’s loan.'],
    [
      move('seller payout 1', 'held', 'seller payout', 990_000),
      'Caramel',
      'Caramel released $9,900 to Sam (seller), the first half of the payout, as the title arrived.',
    ],
    [move('refund', 'held', 'buyer', 50_050), 'Caramel', 'Caramel refunded $500.50 to you.'],
    [
      move('payout returned', 'seller payout', 'held', 990_000),
      'Bank',
      'The bank sent back the $9,900 paid to Sam (seller); Caramel holds it until it can be paid again.',
    ],
    [move('seller cancellation fee', 'held', 'revenue', 25_000), 'Caramel', 'Caramel charged Sam (seller) the $250 cancellation fee.'],
  ])('%# reads with its amount from integer cents', (journal, actor, text) => {
    expect(journalWords(journal, people)).toEqual({ actor, you: false, text, cents: journal.lines[1]!.cents });
  });
});

describe('transport in words', () => {
  const people = { buyer: YOU, seller: SAM };
  it('tells what the vendor reports, and leaves out what a step event already says', () => {
    expect(shipmentWords('Delivery', 'picked up', 'Driver: Dana', people)?.text).toBe(
      'The transport vendor picked up the car from Sam (seller).',
    );
    expect(shipmentWords('Delivery', 'delivered', null, people)).toEqual({
      actor: 'Transport vendor',
      you: false,
      text: 'The transport vendor delivered the car to you.',
    });
    expect(shipmentWords('Delivery', 'booked', null, people)).toBeNull();
    expect(shipmentWords('Pickup', 'delivered', 'Collected by the buyer', people)).toBeNull();
    expect(shipmentWords('Pickup', 'cancelled', 'The sale was cancelled', people)?.text).toBe(
      'Caramel cancelled the pickup booking (the sale was cancelled).',
    );
  });
});
