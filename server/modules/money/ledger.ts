/**
 * The deal's ledger in the database (DESIGN.md §10): postings are written as a journal and its
 * lines in the caller's database transaction; a key already posted for the deal posts nothing
 * (the unique key decides, so two processes can never post one movement twice). The database
 * itself refuses a journal that does not balance and any change to a posted one (migration 0007).
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { JournalLine, Posting } from '../../../src/domain/ledger-rules';
import { ledgerJournals, ledgerLines } from '../../db/money-tables';
import type { Tx } from '../../kernel/event-log';
import type { UnitOfWork } from '../../kernel/unit-of-work';
import type { Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared';

export interface Journal {
  key: string;
  reason: string;
  transferId: string | null;
  at: string;
  lines: JournalLine[];
}

/** Posts `posting` once: true when it was posted now, false when its key was posted before. */
export async function post(uow: UnitOfWork, dealId: string, posting: Posting, transferId: string | null = null): Promise<boolean> {
  const tx = uow.tx;
  if (!posting.lines.every((line) => Number.isSafeInteger(line.cents) && line.cents !== 0))
    throw new Error(`posting ${posting.key} has a bad line`);
  const [journal] = await tx
    .insert(ledgerJournals)
    .values({ dealId, key: posting.key, reason: posting.reason, transferId })
    .onConflictDoNothing()
    .returning({ id: ledgerJournals.id });
  if (!journal) return false;
  await tx.insert(ledgerLines).values(posting.lines.map((line) => ({ journalId: journal.id, account: line.account, cents: line.cents })));
  uow.touch(dealId, 'money moved');
  return true;
}

const journalsOfDeal = preparedStatement('journals_of_deal', (db) =>
  db
    .select()
    .from(ledgerJournals)
    .where(eq(ledgerJournals.dealId, sql.placeholder('dealId')))
    .orderBy(asc(ledgerJournals.createdAt), asc(ledgerJournals.key)),
);

const linesOfDeal = preparedStatement('ledger_lines_of_deal', (db) =>
  db
    .select({ journalId: ledgerLines.journalId, account: ledgerLines.account, cents: ledgerLines.cents })
    .from(ledgerLines)
    .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerLines.journalId))
    .where(eq(ledgerJournals.dealId, sql.placeholder('dealId'))),
);

/** Every journal of the deal, oldest first, with its lines. */
export async function journalsOf(db: Database | Tx, dealId: string): Promise<Journal[]> {
  const journals = await journalsOfDeal(db, { dealId });
  if (!journals.length) return [];
  return journalsWith(journals, await linesOfDeal(db, { dealId }));
}

/** Journals, oldest first, each with its own of `lines`. */
export function journalsWith(journals: (typeof ledgerJournals.$inferSelect)[], lines: ({ journalId: string } & JournalLine)[]): Journal[] {
  return journals.map((journal) => ({
    key: journal.key,
    reason: journal.reason,
    transferId: journal.transferId,
    at: journal.createdAt.toISOString(),
    lines: lines.filter((line) => line.journalId === journal.id).map((line) => ({ account: line.account, cents: line.cents })),
  }));
}
