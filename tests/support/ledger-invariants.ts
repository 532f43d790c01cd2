/**
 * The ledger's invariants over a whole database (DESIGN §10), checked when each test's API closes,
 * so every scenario of the server suite ends with them holding: each journal's lines sum to zero,
 * no deal holds less than nothing, and a deal never pays out more than it collected.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { ledgerJournals, ledgerLines, transfers } from '../../server/db/money-tables';
import { isBalanced, moneyTotals } from '../../src/domain/ledger-rules';
import type { LedgerAccount } from '../../src/domain/settlement';

/** What breaks an invariant, described; none when the ledger holds. */
export async function ledgerProblems(db: Database): Promise<string[]> {
  const rows = await db
    .select({
      journal: ledgerJournals.id,
      dealId: ledgerJournals.dealId,
      reason: ledgerJournals.reason,
      account: ledgerLines.account,
      cents: ledgerLines.cents,
    })
    .from(ledgerJournals)
    .innerJoin(ledgerLines, eq(ledgerLines.journalId, ledgerJournals.id));
  const journals = new Map<string, { dealId: string; reason: string; lines: { account: LedgerAccount; cents: number }[] }>();
  for (const row of rows) {
    const journal = journals.get(row.journal) ?? { dealId: row.dealId, reason: row.reason, lines: [] };
    journal.lines.push({ account: row.account as LedgerAccount, cents: row.cents });
    journals.set(row.journal, journal);
  }
  const problems: string[] = [];
  for (const [id, journal] of journals) if (!isBalanced(journal)) problems.push(`journal ${id} (${journal.reason}) does not sum to zero`);
  const paid = new Map<string, number>();
  for (const row of await db.select().from(transfers))
    if (row.direction === 'pay' && row.status !== 'returned') paid.set(row.dealId, (paid.get(row.dealId) ?? 0) + row.amountCents);
  const deals = new Set([...[...journals.values()].map((journal) => journal.dealId), ...paid.keys()]);
  for (const dealId of deals) {
    const totals = moneyTotals([...journals.values()].filter((journal) => journal.dealId === dealId));
    if (totals.held < 0) problems.push(`deal ${dealId} holds ${totals.held} cents`);
    if ((paid.get(dealId) ?? 0) > totals.collected)
      problems.push(`deal ${dealId} pays out ${paid.get(dealId)} cents of ${totals.collected} collected`);
  }
  return problems;
}
