/**
 * Caramel codes through the API: each user has one, the same on every read; a counterparty who
 * types it — in any case, with or without its dash — starts a negotiation with that user without
 * learning their e-mail; the owner sees it among the deals started through their code; a code
 * nobody has, the caller's own, or one that does not add up is a 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { caramelCodeFrom, formatCaramelCode } from '../../src/domain/caramel-code';
import { apiFor } from '../support/api-harness';
import { personFor } from '../support/tokens';

const parts = inject('parts');
let api: Awaited<ReturnType<typeof apiFor>>;

beforeAll(async () => {
  api = await apiFor(parts);
});
afterAll(() => api.close());

const codeOf = async (who: { bearer: string }) => (await api.call('GET', '/api/users/profile', who.bearer)).json().caramelCode as string;
const offerTo = (who: { bearer: string }, counterpartyCode: string) =>
  api.call('POST', '/api/offers', who.bearer, {
    vehicle: { vin: '1G4AH59H45G118341', mileage: 84000 },
    amount: 15_000,
    role: 'buyer',
    counterpartyCode,
  });

describe('Caramel codes', () => {
  it('gives each user one code, the same on every read, eight characters of the unambiguous alphabet', async () => {
    const someone = await personFor(parts.identity, 'someone');
    const code = await codeOf(someone);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(await codeOf(someone)).toBe(code);
    expect(await codeOf(await personFor(parts.identity, 'other'))).not.toBe(code);
  });

  it('starts a negotiation with the code’s owner, typed in any case, who sees it as started through their code', async () => {
    const seller = await personFor(parts.identity, 'seller');
    const buyer = await personFor(parts.identity, 'buyer');
    const typed = formatCaramelCode(await codeOf(seller)).toLowerCase();
    const started = await offerTo(buyer, typed);
    expect(started.statusCode).toBe(201);
    const id = started.json().id;

    const sellerLists = (await api.call('GET', '/api/offers', seller.bearer)).json();
    expect(sellerLists.received).toEqual([expect.objectContaining({ id, myRole: 'seller', viaMyCode: true })]);
    const buyerLists = (await api.call('GET', '/api/offers', buyer.bearer)).json();
    expect(buyerLists.sent).toEqual([expect.objectContaining({ id, viaMyCode: false })]);
    // The buyer learns nothing about who owns the code beyond what any party sees.
    expect(JSON.stringify((await api.call('GET', `/api/offers/${id}`, buyer.bearer)).json())).not.toContain(seller.email);
    // The seller answers in the app, as with any offer of theirs.
    const accepted = await api.call('POST', `/api/offers/${id}/actions`, seller.bearer, {
      action: 'accept',
      latestOfferId: started.json().latestOffer.id,
    });
    expect(accepted.json()).toMatchObject({ status: 'accepted', dealId: expect.any(String) });
  });

  it('refuses a code nobody has, the caller’s own, one that does not add up, and a code with an e-mail', async () => {
    const buyer = await personFor(parts.identity, 'buyer');
    const own = await codeOf(buyer);
    // A valid code no one was given: codes are random, and 1 in 3.4 × 10¹⁰ is this one.
    const nobodys = caramelCodeFrom([0, 0, 0, 0, 0, 0, 0]);
    const cases: [string, object, string][] = [
      ['nobody’s', { counterpartyCode: nobodys }, 'No one has this Caramel code. Check it with the person who gave it to you.'],
      ['own', { counterpartyCode: own }, 'This is your own Caramel code. Enter the other person’s.'],
      [
        'mistyped',
        { counterpartyCode: own.slice(0, 7) + (own[7] === 'A' ? 'B' : 'A') },
        'This Caramel code does not add up; check each character',
      ],
      [
        'with an e-mail',
        { counterpartyCode: own, counterpartyEmail: 'x@example.com' },
        'Send their e-mail or their Caramel code, not both',
      ],
    ];
    for (const [label, fields, message] of cases) {
      const answer = await api.call('POST', '/api/offers', buyer.bearer, {
        vehicle: { vin: '1G4AH59H45G118341', mileage: 84000 },
        amount: 15_000,
        role: 'buyer',
        ...fields,
      });
      expect(answer.statusCode, label).toBe(400);
      expect(answer.json(), label).toEqual({ message: `counterpartyCode: ${message}`, field: 'counterpartyCode' });
    }
  });
});
