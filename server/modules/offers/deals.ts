/**
 * Deals: exactly one per accepted negotiation (a unique key), with both sides' party roles and a
 * transaction for each side; and `/link-offer`, which makes what was done by e-mail the account's.
 */
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { SIDE_ROLES, type Side } from '../../../src/domain/parties';
import type { Flow } from '../../../src/domain/transaction-flows';
import { emptyStepData, FOLD_REVISION } from '../../../src/domain/step-data';
import { FIRST_STATUS, SIDE_FLOW } from '../../../src/domain/transaction-transitions';
import { dealParties, deals, negotiationEvents, negotiations, notifications, offers, transactions } from '../../db/schema';
import type { UserRow } from '../../kernel/access';
import type { UnitOfWork } from '../../kernel/unit-of-work';
import { accountWithEmail } from '../users/user-records';

/** A new transaction's step data, stored beside it from the start (no event to fold yet). */
const NO_STEPS_YET = { stepData: emptyStepData(), foldRevision: FOLD_REVISION };
import { type Acting, expiry, type NegotiationRow, type OfferRow } from './negotiation-records';

/**
 * Exactly one deal per negotiation (unique key), with both sides' party roles and transactions;
 * a dealer's sale (server/dealers) gives each side the flow of the dealer programme.
 */
export async function createDeal(
  uow: UnitOfWork,
  row: NegotiationRow,
  accepted: OfferRow,
  acting: Acting,
  flows: Record<Side, Flow> = SIDE_FLOW,
): Promise<{ dealId: string; transactionIds: Record<Side, string> }> {
  const tx = uow.tx;
  const [deal] = await tx
    .insert(deals)
    .values({
      negotiationId: row.id,
      vehicleId: row.vehicleId,
      priceDollars: accepted.amountDollars,
      partnerUid: row.partnerUid,
      partnerSource: row.partnerSource,
    })
    .returning({ id: deals.id });
  const visitorEmail = acting.kind === 'visitor' ? acting.email : null;
  await tx.insert(dealParties).values([
    { dealId: deal!.id, role: 'seller', userId: row.sellerUserId, email: row.sellerUserId ? null : (row.sellerEmail ?? visitorEmail) },
    { dealId: deal!.id, role: 'buyer', userId: row.buyerUserId, email: row.buyerUserId ? null : (row.buyerEmail ?? visitorEmail) },
  ]);
  const made = await tx
    .insert(transactions)
    .values([
      { dealId: deal!.id, side: 'seller', flow: flows.seller, status: FIRST_STATUS[flows.seller], ...NO_STEPS_YET },
      { dealId: deal!.id, side: 'buyer', flow: flows.buyer, status: FIRST_STATUS[flows.buyer], ...NO_STEPS_YET },
    ])
    .returning({ id: transactions.id, side: transactions.side });
  uow.emit('deal.opened', { dealId: deal!.id });
  const idOf = (side: Side) => made.find((transaction) => transaction.side === side)!.id;
  return { dealId: deal!.id, transactionIds: { seller: idOf('seller'), buyer: idOf('buyer') } };
}

/**
 * A deal agreed elsewhere (a dealer's sale, a listing site's deal): the negotiation is made
 * accepted at the seller's price, with the deal. A party named by an e-mail an account has
 * verified is that account's at once; anyone else's becomes theirs when they verify it.
 */
export async function dealAtPrice(
  uow: UnitOfWork,
  parties: Omit<typeof negotiations.$inferInsert, 'id' | 'status'>,
  priceDollars: number,
  acting: Acting,
  flows?: Record<Side, Flow>,
): Promise<{ negotiation: NegotiationRow; dealId: string; transactionIds: Record<Side, string> }> {
  const tx = uow.tx;
  const named = { ...parties };
  for (const [email, user] of [
    ['sellerEmail', 'sellerUserId'],
    ['buyerEmail', 'buyerUserId'],
  ] as const) {
    const account = !named[user] && named[email] ? await accountWithEmail(tx, named[email]) : undefined;
    if (account) Object.assign(named, { [user]: account.id, [email]: null });
  }
  const [negotiation] = await tx
    .insert(negotiations)
    .values({ ...named, status: 'accepted' })
    .returning();
  const [offer] = await tx
    .insert(offers)
    .values({ negotiationId: negotiation!.id, fromRole: 'seller', amountDollars: priceDollars, expiresAt: expiry() })
    .returning();
  return { negotiation: negotiation!, ...(await createDeal(uow, negotiation!, offer!, acting, flows)) };
}

/** `/link-offer`: what was done by e-mail through links becomes the signed-in user's. */
export async function attachByEmail(uow: UnitOfWork, user: UserRow): Promise<{ negotiations: number; deals: number }> {
  const email = user.email.toLowerCase();
  const tx = uow.tx;
  const asBuyer = await tx
    .update(negotiations)
    .set({ buyerUserId: user.id, updatedAt: sql`now()` })
    .where(
      and(
        eq(negotiations.buyerEmail, email),
        isNull(negotiations.buyerUserId),
        or(isNull(negotiations.sellerUserId), ne(negotiations.sellerUserId, user.id)),
      ),
    )
    .returning({ id: negotiations.id });
  const asSeller = await tx
    .update(negotiations)
    .set({ sellerUserId: user.id, updatedAt: sql`now()` })
    .where(
      and(
        eq(negotiations.sellerEmail, email),
        isNull(negotiations.sellerUserId),
        or(isNull(negotiations.buyerUserId), ne(negotiations.buyerUserId, user.id)),
      ),
    )
    .returning({ id: negotiations.id });
  const attached = [...asBuyer, ...asSeller].map((row) => row.id);
  if (attached.length) {
    await tx
      .insert(negotiationEvents)
      .values(attached.map((negotiationId) => ({ negotiationId, actorUserId: user.id, event: 'linked-to-account', payload: {} })));
  }
  // The deals first, as every change to a deal takes them: its lock before anything of it.
  const joining = await tx
    .selectDistinct({ dealId: dealParties.dealId })
    .from(dealParties)
    .where(and(eq(dealParties.email, email), isNull(dealParties.userId)))
    .orderBy(dealParties.dealId);
  for (const { dealId } of joining) await uow.lockDeal(dealId);
  const parties = await tx
    .update(dealParties)
    .set({ userId: user.id, email: null })
    .where(and(eq(dealParties.email, email), isNull(dealParties.userId)))
    .returning({ id: dealParties.id, dealId: dealParties.dealId, role: dealParties.role });
  // What was mailed to the address shows in the account's overview from now on.
  await tx
    .update(notifications)
    .set({ userId: user.id })
    .where(and(eq(notifications.toEmail, email), isNull(notifications.userId)));
  for (const negotiationId of attached) uow.emit('negotiation.changed', { negotiationId });
  for (const party of parties) {
    uow.emit('deal.joined', { dealId: party.dealId });
    // The other side reads who joined (their first name); the joiner's own side is theirs anew.
    uow.touch(party.dealId, 'parties changed', SIDE_ROLES.buyer.includes(party.role) ? ['seller'] : ['buyer']);
  }
  return { negotiations: attached.length, deals: parties.length };
}
