/**
 * A partner's deal (issue 22, SPEC §3): made in one database transaction — the vehicle, an
 * accepted negotiation at the partner's price, the deal with the partner's uid and the KEY's
 * source (never one the body names), both parties by e-mail until they sign in and link it, and
 * the mail each gets. The partner's idempotency key is kept with the deal it made, so a retry
 * answers that deal instead of making another.
 */
import { and, eq } from 'drizzle-orm';
import { SIDE_FLOW } from '../../../src/domain/transaction-transitions';
import { formatDollars, vehicleName } from '../../../src/domain/offer-format';
import { partnerSourceName, type PartnerDeal } from '../../../src/domain/partner-contract';
import type { Database } from '../../db/client';
import { partnerRequests } from '../../db/dealer-tables';
import { vehicles } from '../../db/schema';
import { DealerRefusal } from '../dealers/dealerships';
import { notify } from '../../kernel/notify';
import { dealAtPrice } from '../offers/deals';
import { offeredVehicleRow } from '../offers/offer-vehicles';
import type { PartnerKeyRow } from './partner-keys';

/** The partner's terms decide the buyer's flow; the seller's is the usual one either way. */
const flowsOf = (key: PartnerKeyRow) => ({ ...SIDE_FLOW, ...(key.buyerPaysFirst && { buyer: 'payment-first' as const }) });

/** Thrown inside the transaction when another request with the same key made the deal first: rolls this one back. */
class LostRace extends Error {}

async function dealOfRequest(db: Database, keyId: string, idempotencyKey: string): Promise<string | undefined> {
  const [row] = await db
    .select({ dealId: partnerRequests.dealId })
    .from(partnerRequests)
    .where(and(eq(partnerRequests.keyId, keyId), eq(partnerRequests.idempotencyKey, idempotencyKey)));
  return row?.dealId;
}

export async function createPartnerDeal(
  db: Database,
  key: PartnerKeyRow,
  input: PartnerDeal,
  appOrigin: string,
): Promise<{ dealId: string; replayed: boolean; buyerPaysFirst: boolean }> {
  if (input.source !== undefined && input.source !== key.source)
    throw new DealerRefusal(403, `This key is for ${key.source}: it cannot make deals for ${input.source}.`);
  const known = await dealOfRequest(db, key.id, input.idempotencyKey);
  // A key's terms never change, so a replay answers the terms its deal was made under.
  const { buyerPaysFirst } = key;
  if (known) return { dealId: known, replayed: true, buyerPaysFirst };
  const vehicle = offeredVehicleRow(input.vehicle, 'seller');
  try {
    const dealId = await db.transaction(async (tx) => {
      const [saved] = await tx.insert(vehicles).values(vehicle).returning();
      const { negotiation, dealId } = await dealAtPrice(
        tx,
        {
          vehicleId: saved!.id,
          sellerEmail: input.sellerEmail.toLowerCase(),
          buyerEmail: input.buyerEmail.toLowerCase(),
          partnerUid: input.partnerUid,
          partnerSource: key.source,
        },
        input.priceDollars,
        { kind: 'visitor', email: input.sellerEmail, role: 'seller' },
        flowsOf(key),
      );
      const [claimed] = await tx
        .insert(partnerRequests)
        .values({ keyId: key.id, idempotencyKey: input.idempotencyKey, dealId })
        .onConflictDoNothing()
        .returning({ dealId: partnerRequests.dealId });
      if (!claimed) throw new LostRace();
      const what = `${vehicleName(saved!)} for ${formatDollars(input.priceDollars)}`;
      const listedOn = partnerSourceName(key.source);
      for (const [email, role] of [
        [negotiation.sellerEmail!, 'selling'],
        [negotiation.buyerEmail!, 'buying'],
      ] as const)
        await notify(
          tx,
          { userId: null, email },
          {
            kind: 'partner deal',
            key: `partner-deal:${dealId}`,
            subject: `Your deal from ${listedOn}: ${what}`,
            body:
              `You are ${role} ${what}, agreed on ${listedOn}. Caramel takes the deal from here` +
              (role === 'buying' && buyerPaysFirst ? `: under ${listedOn}’s terms you pay first, then sign. ` : '. ') +
              `Sign in or sign up with this e-mail address to continue: ${appOrigin}/dashboard`,
            negotiationId: negotiation.id,
          },
        );
      return dealId;
    });
    return { dealId, replayed: false, buyerPaysFirst };
  } catch (error) {
    const made = error instanceof LostRace ? await dealOfRequest(db, key.id, input.idempotencyKey) : undefined;
    if (made) return { dealId: made, replayed: true, buyerPaysFirst };
    throw error;
  }
}
