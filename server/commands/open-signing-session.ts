/**
 * A party opens the signing of the sale (SPEC §2.4 signature): the deal's documents and envelope
 * are made once the figures in them are final — each document generated, stored with its
 * SHA-256, sent to the e-signature provider with a recipient per party — then the caller's consent
 * is recorded and the provider's one-time signing URL answered. Each stage is kept as it
 * completes, in its own unit of work, so a request that failed half-way (storage, the provider)
 * is finished by the next; a stored document that no longer hashes right refuses the envelope.
 */
import { SALE_DOCUMENTS, type SaleDocumentKind, type SigningSessionRequest } from '../../src/domain/signing';
import { acceptsPartyEvent } from '../../src/domain/transaction-transitions';
import { TransactionRefusal } from '../kernel/access';
import { dealSides } from '../kernel/deal-sides';
import type { TransactionRow } from '../kernel/event-log';
import { saleFacts } from '../modules/documents/sale-facts';
import { composeDocuments, storeDocuments, storedDocuments, type SigningStorage } from '../modules/signing/envelope-documents';
import {
  documentsWaitFor,
  DOCUMENTS_CHANGED,
  liveEnvelope,
  makeEnvelope,
  markSent,
  recordConsent,
  recordDocuments,
  refuseEnvelope,
  type EnvelopeRow,
} from '../modules/signing/envelope-records';
import type { CommandContext } from './context';

export interface SigningDeps extends SigningStorage {
  appOrigin: string;
  /** Where the provider's webhooks reach this API. */
  callbackUrl: string;
}

/** The documents as stored, checked against their SHA-256; a changed one refuses the envelope (409). */
async function checkedDocuments(ctx: CommandContext, deps: SigningDeps, envelope: EnvelopeRow) {
  const stored = await storedDocuments(deps, ctx.db, envelope);
  if ('documents' in stored) return stored.documents;
  await ctx.run({ dealId: envelope.dealId }, (uow) => refuseEnvelope(uow, envelope, stored.changed));
  throw new TransactionRefusal(409, DOCUMENTS_CHANGED);
}

/** The deal's envelope as the provider has it, made now when there is none. */
async function sentEnvelope(ctx: CommandContext, deps: SigningDeps, dealId: string): Promise<EnvelopeRow> {
  const found = await liveEnvelope(ctx.db, dealId);
  if (found?.externalId) return found;
  const facts = await saleFacts(ctx.db, ctx.providers, dealId);
  const envelope =
    found ??
    (await ctx.run({ dealId }, (uow) => makeEnvelope(uow, dealId, { buyer: facts.buyer.userId, seller: facts.seller.userId }))).result;
  if (envelope.externalId) return envelope;
  // Where each signs comes from the layout, which does not change between two makings of the same documents.
  const composed = await composeDocuments(facts);
  const recorded = await checkedDocuments(ctx, deps, envelope);
  if (!recorded.length) {
    const made = await storeDocuments(deps, envelope, composed);
    await ctx.run({ dealId }, (uow) => recordDocuments(uow, envelope, made));
  }
  const stored = await checkedDocuments(ctx, deps, envelope);
  const { envelopeId } = await ctx.providers.esign.createEnvelope({
    reference: envelope.id,
    callbackUrl: `${deps.callbackUrl.replace(/\/$/, '')}/api/webhooks/esign`,
    documents: stored.map((document) => ({
      documentId: document.kind,
      name: SALE_DOCUMENTS[document.kind as SaleDocumentKind].title,
      bytes: document.bytes,
      sha256: document.sha256,
    })),
    recipients: (['buyer', 'seller'] as const).map((side) => ({
      recipientId: side,
      name: facts[side].name,
      email: facts[side].email,
      tabs: composed.flatMap((document) =>
        document.tabs.filter((tab) => tab.signer === side).map(({ signer: _signer, ...tab }) => ({ ...tab, documentId: document.kind })),
      ),
    })),
  });
  return (await ctx.run({ dealId }, (uow) => markSent(uow, envelope, envelopeId))).result;
}

/** A signing session for the caller's own recipient: their consent recorded, the documents checked, the provider's one-time URL. */
export async function openSigningSession(
  ctx: CommandContext,
  deps: SigningDeps,
  row: TransactionRow,
  input: SigningSessionRequest,
): Promise<{ url: string }> {
  if (!acceptsPartyEvent(row.flow, row.status, 'documents signed'))
    throw new TransactionRefusal(422, 'Signing is not possible now: finish the steps before it first.');
  const waitingFor = documentsWaitFor(await dealSides(ctx.db, row.dealId), row.side);
  if (waitingFor) throw new TransactionRefusal(409, `The documents are made once ${waitingFor}, so the figures in them are final.`);
  const envelope = await sentEnvelope(ctx, deps, row.dealId);
  await checkedDocuments(ctx, deps, envelope);
  await ctx.run({ dealId: row.dealId }, (uow) => recordConsent(uow, envelope, row.side, input.shareContact));
  const returnUrl = `${deps.appOrigin.replace(/\/$/, '')}/transaction/signature?transaction=${row.id}`;
  return { url: await ctx.providers.esign.signingUrl(envelope.externalId!, row.side, returnUrl) };
}
