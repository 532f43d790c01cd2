/**
 * Other customers' deals, written straight into the database before the API starts, so
 * `bench:api` reads from tables the size of a marketplace in use rather than ones holding only
 * the bench's own people: a query that scans a table instead of using an index shows here.
 * Each filler deal has two users, an accepted negotiation with its offer, both parties, the
 * buyer's transaction walked to protection_done (7 events, as api-people.ts walks it) and the
 * seller's at its start. Ids come from md5 of a name, so the statements need no joins.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';

/** The buyer's events up to protection_done: version, who, event, from, to. */
const BUYER_WALK = sql`(values
  (1, 'party', 'identity submitted', 'identity_started', 'identity_submitted'),
  (2, 'provider', 'identity approved', 'identity_submitted', 'identity_success'),
  (3, 'party', 'address submitted', 'identity_success', 'identity_address_submitted'),
  (4, 'provider', 'address verified', 'identity_address_submitted', 'identity_address_completed'),
  (5, 'party', 'identity done', 'identity_address_completed', 'identity_done'),
  (6, 'party', 'finance skipped', 'identity_done', 'finance_done'),
  (7, 'party', 'protection skipped', 'finance_done', 'protection_done')
) as walk(version, actor, event, from_status, to_status)`;

export async function addFillerDeals(db: Database, deals: number): Promise<void> {
  if (deals <= 0) return;
  const id = (kind: string, number: ReturnType<typeof sql>) => sql`md5(${`filler-${kind}-`} || ${number})::uuid`;
  const g = sql`g`;
  const series = sql`generate_series(1, ${deals}::integer) as g`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into users (id, cognito_sub, email)
      select ${id('user', g)}, 'filler-' || g, 'filler-' || g || '@example.com' from generate_series(1, 2 * ${deals}::integer) as g`);
    await tx.execute(sql`insert into vehicles (id, vin, model_year, mileage)
      select ${id('vehicle', g)}, '1G4AH59H45G118341', 2005, 84000 from ${series}`);
    await tx.execute(sql`insert into negotiations (id, vehicle_id, status, seller_user_id, buyer_user_id)
      select ${id('negotiation', g)}, ${id('vehicle', g)}, 'accepted', ${id('user', sql`2 * g - 1`)}, ${id('user', sql`2 * g`)} from ${series}`);
    await tx.execute(sql`insert into offers (negotiation_id, from_role, amount_dollars, expires_at)
      select ${id('negotiation', g)}, 'seller', 20000, now() + interval '7 days' from ${series}`);
    await tx.execute(sql`insert into deals (id, negotiation_id, vehicle_id, price_dollars, partner_source)
      select ${id('deal', g)}, ${id('negotiation', g)}, ${id('vehicle', g)}, 20000, 'caramel' from ${series}`);
    await tx.execute(sql`insert into deal_parties (deal_id, role, user_id)
      select ${id('deal', g)}, side.role, ${id('user', sql`2 * g - side.minus`)}
      from ${series}, (values ('seller', 1), ('buyer', 0)) as side(role, minus)`);
    await tx.execute(sql`insert into transactions (id, deal_id, side, flow, status, version)
      select ${id('buyer-tx', g)}, ${id('deal', g)}, 'buyer', 'financed-buyer', 'protection_done', 7 from ${series}
      union all
      select ${id('seller-tx', g)}, ${id('deal', g)}, 'seller', 'title-report', 'identity_started', 0 from ${series}`);
    await tx.execute(sql`insert into transaction_events (transaction_id, version, actor, event, from_status, to_status)
      select ${id('buyer-tx', g)}, walk.version, walk.actor, walk.event, walk.from_status, walk.to_status from ${series}, ${BUYER_WALK}`);
  });
  // As after any bulk load: the planner's statistics now, not when autovacuum next comes round.
  await db.execute(sql`analyze`);
}
