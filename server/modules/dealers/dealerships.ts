/**
 * Dealers (SPEC §6 "a dealer check exists"): an admin makes a signed-up user a dealer with their
 * dealership's details (or approves their application, dealer-applications.ts), and can take it back. The user's type is the check; the dealership row
 * keeps the details and when it was granted or revoked. Admins stay admins: their type follows the
 * user pool's admin group (user-records.ts), so an admin cannot also be made a dealer.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Dealer, DealerGrant, DealershipDetails } from '../../../src/domain/dealer-contract';
import type { Database } from '../../db/client';
import type { Tx } from '../../kernel/event-log';
import { dealerSales, dealerships } from '../../db/dealer-tables';
import { users } from '../../db/schema';
import type { UserRow } from '../../kernel/access';

export const ADMIN_NOT_DEALER = 'An admin cannot also be a dealer.';

export class DealerRefusal extends Error {
  constructor(
    readonly statusCode: 403 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

/** The user's dealership when they pass the §6 dealer check (a dealer whose dealership has not been taken back), else undefined. */
export async function activeDealership(db: Database | Tx, user: UserRow): Promise<typeof dealerships.$inferSelect | undefined> {
  if (user.type !== 'dealer') return undefined;
  const [row] = await db
    .select()
    .from(dealerships)
    .where(and(eq(dealerships.userId, user.id), isNull(dealerships.revokedAt)));
  return row;
}

/** The §6 dealer check: a dealer whose dealership has not been taken back. */
export async function requireDealer(db: Database, user: UserRow): Promise<typeof dealerships.$inferSelect> {
  const row = await activeDealership(db, user);
  if (!row) throw new DealerRefusal(403, 'Dealer financing is for dealers. Apply to join the dealer programme first.');
  return row;
}

function dealerView(row: typeof dealerships.$inferSelect, email: string): Dealer {
  return {
    userId: row.userId,
    email,
    dealershipName: row.name,
    licenceNumber: row.licenceNumber,
    address: { line1: row.addressLine1, city: row.city, state: row.state, postalCode: row.postalCode },
    grantedAt: row.grantedAt.toISOString(),
  };
}

export async function listDealers(db: Database): Promise<Dealer[]> {
  const rows = await db
    .select({ dealership: dealerships, email: users.email })
    .from(dealerships)
    .innerJoin(users, eq(users.id, dealerships.userId))
    .where(isNull(dealerships.revokedAt))
    .orderBy(asc(dealerships.name));
  return rows.map((row) => dealerView(row.dealership, row.email));
}

export async function grantDealer(tx: Tx, admin: UserRow, grant: DealerGrant): Promise<Dealer> {
  const [user] = await tx
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${grant.email.toLowerCase()}`);
  if (!user) throw new DealerRefusal(404, 'No one has signed up with that e-mail address. Ask them to sign up first.');
  return makeDealer(tx, admin, user, grant);
}

/** Makes `user` a dealer of the dealership described (a grant by e-mail, or an application approved). */
export async function makeDealer(tx: Tx, admin: UserRow, user: UserRow, details: DealershipDetails): Promise<Dealer> {
  if (user.type === 'admin') throw new DealerRefusal(409, ADMIN_NOT_DEALER);
  const values = {
    name: details.dealershipName,
    licenceNumber: details.licenceNumber.toUpperCase(),
    addressLine1: details.address.line1,
    city: details.address.city,
    state: details.address.state,
    postalCode: details.address.postalCode,
    grantedBy: admin.id,
    grantedAt: sql`now()`,
    revokedAt: null,
  };
  const [row] = await tx
    .insert(dealerships)
    .values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: dealerships.userId, set: values })
    .returning();
  await tx
    .update(users)
    .set({ type: 'dealer', updatedAt: sql`now()` })
    .where(eq(users.id, user.id));
  return dealerView(row!, user.email);
}

export async function revokeDealer(tx: Tx, userId: string): Promise<void> {
  const [row] = await tx
    .update(dealerships)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(dealerships.userId, userId), isNull(dealerships.revokedAt)))
    .returning();
  if (!row) throw new DealerRefusal(404, 'That user is not a dealer.');
  await tx
    .update(users)
    .set({ type: 'customer', updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.type, 'dealer')));
}

/** The dealership selling in `dealId`, its lot and the customer named on the sale; null when the deal is not a dealer's sale. */
export async function dealerOfDeal(db: Database | Tx, dealId: string) {
  const [row] = await db
    .select({ sale: dealerSales, lot: dealerships })
    .from(dealerSales)
    .innerJoin(dealerships, eq(dealerships.userId, dealerSales.dealerUserId))
    .where(eq(dealerSales.dealId, dealId));
  if (!row) return null;
  const { lot } = row;
  return {
    dealershipName: lot.name,
    customerName: row.sale.customerName,
    lot: { line1: lot.addressLine1, city: lot.city, state: lot.state, postalCode: lot.postalCode },
  };
}
