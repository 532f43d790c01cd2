/**
 * The other party as the caller may see them once both have signed (the handover needs them to
 * reach each other): their name (a dealer as their dealership), and the e-mail and phone they
 * agreed to share when they signed; null before.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Connection } from '../../src/domain/signing';
import type { Database } from '../db/client';
import { dealParties, users } from '../db/schema';
import { envelopeRecipients, envelopes } from '../db/signing-tables';
import type { TransactionRow } from '../kernel/event-log';
import { dealerOfDeal } from '../modules/dealers/dealerships';

const otherSide = (side: 'buyer' | 'seller') => (side === 'buyer' ? 'seller' : 'buyer');

/** The other party as the caller may see them once the envelope is complete (both signed), or null before. */
export async function connectionOf(db: Database, row: TransactionRow): Promise<Connection | null> {
  const other = otherSide(row.side);
  const [signed] = await db
    .select({ completedAt: envelopes.completedAt, shareContact: envelopeRecipients.shareContact })
    .from(envelopeRecipients)
    .innerJoin(envelopes, eq(envelopes.id, envelopeRecipients.envelopeId))
    .where(and(eq(envelopes.dealId, row.dealId), eq(envelopes.status, 'completed'), eq(envelopeRecipients.side, other)))
    .orderBy(desc(envelopes.createdAt))
    .limit(1);
  if (!signed?.completedAt) return null;
  const [person] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, mobile: users.mobile })
    .from(dealParties)
    .innerJoin(users, eq(users.id, dealParties.userId))
    .where(and(eq(dealParties.dealId, row.dealId), eq(dealParties.role, other)));
  const shares = signed.shareContact === true;
  // A dealer is reached as their dealership.
  const dealership = other === 'seller' ? (await dealerOfDeal(db, row.dealId))?.dealershipName : undefined;
  return {
    signedAt: signed.completedAt.toISOString(),
    name: dealership ?? ([person?.firstName, person?.lastName].filter(Boolean).join(' ') || `Your ${other}`),
    email: shares ? (person?.email ?? null) : null,
    phone: shares ? (person?.mobile ?? null) : null,
  };
}
