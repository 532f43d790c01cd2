/**
 * The sale's envelope as we keep it (DESIGN.md §9): one live envelope per deal (a refused one is
 * kept, and a new one made), made only once the figures in its documents are final; when each
 * party signed and from where; and its completion, once the provider says every recipient signed
 * and its signed copies are ours.
 */
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { hasPaid } from '../../../src/domain/deal-facts';
import type { Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { envelopeDocuments, envelopeRecipients, envelopes } from '../../db/signing-tables';
import { TransactionRefusal } from '../../kernel/access';
import type { DealSides } from '../../kernel/deal-sides';
import type { TransactionRow, Tx } from '../../kernel/event-log';
import type { UnitOfWork } from '../../kernel/unit-of-work';
import type { Providers } from '../../providers/providers';

export type EnvelopeRow = typeof envelopes.$inferSelect;

const otherSide = (side: 'buyer' | 'seller') => (side === 'buyer' ? 'seller' : 'buyer');

export const DOCUMENTS_CHANGED =
  'A document changed after it was made, so it cannot be signed. Open the documents again to sign fresh copies; if this happens again, contact support.';

const liveEnvelopeOf = preparedStatement('live_envelope', (db) =>
  db
    .select()
    .from(envelopes)
    .where(and(eq(envelopes.dealId, sql.placeholder('dealId')), ne(envelopes.status, 'refused')))
    .orderBy(desc(envelopes.createdAt))
    .limit(1),
);

/**
 * What the documents wait for before they are made, so the figures in them are final; null when
 * nothing. A dealer's sale is fixed by the dealer's structure and the transport they booked, so it
 * waits for the dealer's transport (the dealer signs first, the customer after paying); any other
 * waits for the other side's payment step.
 */
export function documentsWaitFor(sides: DealSides, side: 'buyer' | 'seller'): string | null {
  const dealer = sides.seller?.row.flow === 'dealer-financing' ? sides.seller.row.status : null;
  if (dealer) return dealer === 'transport_done' || dealer.startsWith('signature_') ? null : 'the dealer has booked the transport';
  const other = otherSide(side);
  return hasPaid(sides[other]?.row.status) ? null : `the ${other} has finished their payment step`;
}

export async function liveEnvelope(db: Database | Tx, dealId: string): Promise<EnvelopeRow | undefined> {
  const [row] = await liveEnvelopeOf(db, { dealId });
  return row;
}

/** The deal's new envelope with a recipient per party, unless another request made one first. */
export async function makeEnvelope(
  uow: UnitOfWork,
  dealId: string,
  parties: Record<'buyer' | 'seller', string | null>,
): Promise<EnvelopeRow> {
  const raced = await liveEnvelope(uow.tx, dealId);
  if (raced) return raced;
  const [row] = await uow.tx.insert(envelopes).values({ dealId }).returning();
  await uow.tx.insert(envelopeRecipients).values([
    { envelopeId: row!.id, side: 'buyer', userId: parties.buyer },
    { envelopeId: row!.id, side: 'seller', userId: parties.seller },
  ]);
  uow.touch(dealId, 'documents updated');
  return row!;
}

/** Records a document made for the envelope (its storage key and SHA-256), once per kind. */
export async function recordDocuments(
  uow: UnitOfWork,
  envelope: EnvelopeRow,
  made: { kind: string; storageKey: string; sha256: string }[],
) {
  const existing = await uow.tx.select().from(envelopeDocuments).where(eq(envelopeDocuments.envelopeId, envelope.id));
  if (existing.length) return;
  await uow.tx.insert(envelopeDocuments).values(made.map((document) => ({ envelopeId: envelope.id, ...document })));
}

/** The provider took the envelope: the first request to record its provider envelope wins. */
export async function markSent(uow: UnitOfWork, envelope: EnvelopeRow, externalId: string): Promise<EnvelopeRow> {
  const [sent] = await uow.tx
    .update(envelopes)
    .set({ externalId, status: 'sent' })
    .where(and(eq(envelopes.id, envelope.id), isNull(envelopes.externalId)))
    .returning();
  if (sent) uow.touch(envelope.dealId, 'documents updated');
  const [row] = await uow.tx.select().from(envelopes).where(eq(envelopes.id, envelope.id));
  return row!;
}

/** A document no longer matches what was made or signed: the envelope is refused and a new one will be made. */
export async function refuseEnvelope(uow: UnitOfWork, envelope: EnvelopeRow, reason: string): Promise<void> {
  await uow.tx.update(envelopes).set({ status: 'refused', refusedReason: reason }).where(eq(envelopes.id, envelope.id));
  uow.touch(envelope.dealId, 'documents updated');
}

/** The party's consent to sign electronically, and whether they share their contact once the sale closes. */
export async function recordConsent(uow: UnitOfWork, envelope: EnvelopeRow, side: 'buyer' | 'seller', shareContact: boolean) {
  await uow.tx
    .update(envelopeRecipients)
    .set({ consentedAt: new Date(), shareContact })
    .where(and(eq(envelopeRecipients.envelopeId, envelope.id), eq(envelopeRecipients.side, side)));
}

/** Records, with the action, when and from where the party signed. */
export async function recordSigned(
  uow: UnitOfWork,
  row: TransactionRow,
  envelopeId: string,
  signed: { signedAt: string; signedFrom: string | null },
) {
  await uow.tx
    .update(envelopeRecipients)
    .set({ signedAt: new Date(signed.signedAt), signedFrom: signed.signedFrom })
    .where(and(eq(envelopeRecipients.envelopeId, envelopeId), eq(envelopeRecipients.side, row.side)));
  uow.touch(row.dealId, 'documents updated');
}

/**
 * A side the completed envelope shows signed whose app never said so (its tab left on the way back
 * from the signing page): what 'documents signed' records, from the envelope — when it was
 * completed, unless the side's signature was recorded already.
 */
export async function signedInEnvelope(uow: UnitOfWork, envelope: EnvelopeRow, side: 'buyer' | 'seller') {
  const where = and(eq(envelopeRecipients.envelopeId, envelope.id), eq(envelopeRecipients.side, side));
  const [recipient] = await uow.tx.select().from(envelopeRecipients).where(where);
  const signedAt = recipient?.signedAt ?? envelope.completedAt ?? new Date();
  if (!recipient?.signedAt) await uow.tx.update(envelopeRecipients).set({ signedAt }).where(where);
  return { envelopeId: envelope.id, signedAt: signedAt.toISOString(), signedFrom: recipient?.signedFrom ?? null };
}

/** The provider completed the envelope and its signed copies are stored: it counts, once. Whether it changed. */
export async function completeEnvelope(
  uow: UnitOfWork,
  envelope: EnvelopeRow,
  signed: { kind: string; signedKey: string; signedSha256: string }[],
): Promise<boolean> {
  const [done] = await uow.tx
    .update(envelopes)
    .set({ status: 'completed', completedAt: new Date() })
    .where(and(eq(envelopes.id, envelope.id), eq(envelopes.status, 'sent')))
    .returning({ id: envelopes.id });
  if (!done) return false;
  for (const document of signed)
    await uow.tx
      .update(envelopeDocuments)
      .set({ signedKey: document.signedKey, signedSha256: document.signedSha256 })
      .where(and(eq(envelopeDocuments.envelopeId, envelope.id), eq(envelopeDocuments.kind, document.kind)));
  uow.touch(envelope.dealId, 'documents updated');
  return true;
}

/** 'documents signed' is taken only when the provider says this party's recipient signed the deal's live envelope. */
export async function confirmSigned(db: Database, providers: Providers, row: TransactionRow, envelopeId: string) {
  const envelope = await liveEnvelope(db, row.dealId);
  if (!envelope?.externalId || envelope.id !== envelopeId)
    throw new TransactionRefusal(422, 'Those documents are not this sale’s to sign any more. Open the documents again.');
  const state = await providers.esign.envelope(envelope.externalId);
  const recipient = state.recipients.find((candidate) => candidate.recipientId === row.side);
  if (recipient?.status !== 'completed')
    throw new TransactionRefusal(422, 'The signing service has not confirmed your signature. Open the documents and finish signing.');
  return { signedAt: recipient.signedAt ?? new Date().toISOString(), signedFrom: recipient.ip };
}
