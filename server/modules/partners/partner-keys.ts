/**
 * Partner keys (issue 22): an admin makes a key for one listing site's source; the key is answered
 * once, when made, and only its SHA-256 is kept, so neither the table nor a log can open the API.
 * A revoked or unknown key finds nothing.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { PartnerKey, PartnerKeyRequest } from '../../../src/domain/partner-contract';
import type { Database } from '../../db/client';
import type { Tx } from '../../kernel/event-log';
import { partnerKeys } from '../../db/dealer-tables';
import { DealerRefusal } from '../dealers/dealerships';

export type PartnerKeyRow = typeof partnerKeys.$inferSelect;

const KEY_PREFIX = 'cpk_';

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

function keyView(row: PartnerKeyRow): PartnerKey {
  return {
    id: row.id,
    source: row.source,
    label: row.label,
    buyerPaysFirst: row.buyerPaysFirst,
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** A new key for `source`, made by the admin `createdBy`: the only answer that carries it. */
export async function createPartnerKey(
  tx: Tx,
  createdBy: string | null,
  request: PartnerKeyRequest,
): Promise<PartnerKey & { key: string }> {
  const key = KEY_PREFIX + randomBytes(32).toString('base64url');
  const [row] = await tx
    .insert(partnerKeys)
    .values({ ...request, keyHash: hashOf(key), createdBy })
    .returning();
  return { ...keyView(row!), key };
}

export async function listPartnerKeys(db: Database): Promise<PartnerKey[]> {
  return (await db.select().from(partnerKeys).orderBy(desc(partnerKeys.createdAt))).map(keyView);
}

/** Revoking twice is the same as once; an unknown id is 404. */
export async function revokePartnerKey(tx: Tx, keyId: string): Promise<void> {
  const [row] = await tx.select({ revokedAt: partnerKeys.revokedAt }).from(partnerKeys).where(eq(partnerKeys.id, keyId));
  if (!row) throw new DealerRefusal(404, 'Partner key not found.');
  if (!row.revokedAt) await tx.update(partnerKeys).set({ revokedAt: new Date() }).where(eq(partnerKeys.id, keyId));
}

/** The live key a caller presented, or undefined. */
export async function partnerKeyFor(db: Database, presented: string): Promise<PartnerKeyRow | undefined> {
  if (!presented.startsWith(KEY_PREFIX)) return undefined;
  const [row] = await db
    .select()
    .from(partnerKeys)
    .where(and(eq(partnerKeys.keyHash, hashOf(presented)), isNull(partnerKeys.revokedAt)));
  return row;
}
