/**
 * Closing the sale: when both parties' flows reach their last status the deal closes once (a row
 * in deal_closings), both are mailed, and each may then see the other party's name and the contact
 * details that party agreed to share when they signed.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Connection } from '../../../src/domain/signing';
import { FINAL_STATUS } from '../../../src/domain/transaction-transitions';
import type { Database } from '../../db/client';
import { dealerOfDeal } from '../dealers/dealerships';
import { dealClosings, envelopeRecipients, envelopes } from '../../db/signing-tables';
import { dealParties, notifications, transactions, users } from '../../db/schema';
import type { TransactionRow } from '../../kernel/access';
import type { Tx } from '../../kernel/event-log';

const otherSide = (side: 'buyer' | 'seller') => (side === 'buyer' ? 'seller' : 'buyer');

/** Closes the deal when both sides are at their flow's last status; mails both parties the first time. */
export async function closeIfDone(tx: Tx, dealId: string): Promise<void> {
  const sides = await tx.select().from(transactions).where(eq(transactions.dealId, dealId));
  if (sides.length < 2 || !sides.every((side) => side.status === FINAL_STATUS[side.flow])) return;
  const [closed] = await tx.insert(dealClosings).values({ dealId }).onConflictDoNothing().returning();
  if (!closed) return;
  const people = await tx
    .select({ role: dealParties.role, email: users.email, firstName: users.firstName })
    .from(dealParties)
    .innerJoin(users, eq(users.id, dealParties.userId))
    .where(and(eq(dealParties.dealId, dealId), inArray(dealParties.role, ['buyer', 'seller'])));
  for (const person of people) {
    const side = person.role as 'buyer' | 'seller';
    await tx.insert(notifications).values({
      toEmail: person.email,
      subject: 'Your sale is closed',
      body: [
        `Hello${person.firstName ? ` ${person.firstName}` : ''},`,
        '',
        side === 'buyer'
          ? 'Your purchase is complete: the documents are signed and the seller has been paid. The car is yours.'
          : 'Your sale is complete: the documents are signed and your payout is on its way by the rules you agreed.',
        `Your signed documents, the sale's timeline and how to reach your ${otherSide(side)} are under Previous transactions in your dashboard.`,
        '',
        'Caramel',
      ].join('\n'),
    });
  }
}

/** The other party as the caller may see them once the deal closed, or null before. */
export async function connectionOf(db: Database, row: TransactionRow): Promise<Connection | null> {
  const [closed] = await db.select().from(dealClosings).where(eq(dealClosings.dealId, row.dealId));
  if (!closed) return null;
  const other = otherSide(row.side);
  const [person] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, mobile: users.mobile })
    .from(dealParties)
    .innerJoin(users, eq(users.id, dealParties.userId))
    .where(and(eq(dealParties.dealId, row.dealId), eq(dealParties.role, other)));
  const [consent] = await db
    .select({ shareContact: envelopeRecipients.shareContact })
    .from(envelopeRecipients)
    .innerJoin(envelopes, eq(envelopes.id, envelopeRecipients.envelopeId))
    .where(and(eq(envelopes.dealId, row.dealId), eq(envelopes.status, 'completed'), eq(envelopeRecipients.side, other)))
    .orderBy(desc(envelopes.createdAt))
    .limit(1);
  const shares = consent?.shareContact === true;
  // A dealer is reached as their dealership.
  const dealership = other === 'seller' ? (await dealerOfDeal(db, row.dealId))?.dealershipName : undefined;
  return {
    closedAt: closed.closedAt.toISOString(),
    name: dealership ?? ([person?.firstName, person?.lastName].filter(Boolean).join(' ') || `Your ${other}`),
    email: shares ? (person?.email ?? null) : null,
    phone: shares ? (person?.mobile ?? null) : null,
  };
}
