/**
 * The ledger invariants every server test's API checks as it closes (tests/support/ledger-invariants.ts)
 * do catch what they name: a deal holding less than nothing, and money paid out that never came in.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ledgerJournals, ledgerLines, transfers } from '../../server/db/money-tables';
import { apiFor } from '../support/api-harness';
import { dealBetween } from '../support/deals';
import { ledgerProblems } from '../support/ledger-invariants';

const parts = inject('parts');
let api: Awaited<ReturnType<typeof apiFor>>;

beforeAll(async () => {
  api = await apiFor(parts);
});
afterAll(() => api.close());

describe('the ledger invariants', () => {
  it('report a deal holding less than nothing and paying out what it never collected, and nothing once that is gone', async () => {
    const { buyer, buyerTx } = await dealBetween(api, parts.identity);
    const { dealId } = (await api.call('GET', `/api/transactions/${buyerTx}`, buyer.bearer)).json();
    const db = api.database.db;
    expect(await ledgerProblems(db)).toEqual([]);
    // A journal that does not sum to zero the database refuses itself (a deferred check); a balanced one can still hold less than nothing.
    const [journal] = await db.insert(ledgerJournals).values({ dealId, key: 'test:from nothing', reason: 'a test' }).returning();
    await db.insert(ledgerLines).values([
      { journalId: journal!.id, account: 'held', cents: -500 },
      { journalId: journal!.id, account: 'seller payout', cents: 500 },
    ]);
    const [payout] = await db
      .insert(transfers)
      .values({
        dealId,
        transactionId: buyerTx,
        direction: 'pay',
        purpose: 'seller payout',
        account: 'seller payout',
        amountCents: 500,
        key: 'test:payout',
      })
      .returning();
    expect(await ledgerProblems(db)).toEqual([`deal ${dealId} holds -500 cents`, `deal ${dealId} pays out 500 cents of 0 collected`]);
    // The ledger is append-only: a reversing journal, and the payout come back, put it right.
    const [reversal] = await db.insert(ledgerJournals).values({ dealId, key: 'test:reversal', reason: 'a test' }).returning();
    await db.insert(ledgerLines).values([
      { journalId: reversal!.id, account: 'held', cents: 500 },
      { journalId: reversal!.id, account: 'seller payout', cents: -500 },
    ]);
    await db.update(transfers).set({ status: 'returned' }).where(eq(transfers.id, payout!.id));
    expect(await ledgerProblems(db)).toEqual([]);
  });
});
