/**
 * The deal's timeline (src/domain/deal-timeline.ts) as one party of it may read it: both sides'
 * step events, the envelope's documents, the ledger's journals, the shipment's updates and the
 * deal's milestones, merged by time. Names come from the deal's parties (first name and role);
 * payloads reach the words only through timeline-words.ts, which picks the fields it shows.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { DealTimeline, TimelineItem, TimelineKind } from '../../src/domain/deal-timeline';
import { formatDollars, vehicleName } from '../../src/domain/offer-format';
import { SIDE_ROLES, type DealRole, type Side } from '../../src/domain/parties';
import { SALE_DOCUMENTS, type SaleDocumentKind } from '../../src/domain/signing';
import { DEAL_WORDS, journalWords, shipmentWords } from '../../src/domain/timeline-records';
import { DEAL_WIDE_EVENTS, EVENT_WORDS, eventWords, personNamed, YOU, type Person, type Told } from '../../src/domain/timeline-words';
import type { Database } from '../db/client';
import { dealParties, transactionEvents, transactions, users } from '../db/schema';
import { dealClosings, envelopeDocuments, envelopes } from '../db/signing-tables';
import { shipments, shipmentUpdates } from '../db/transport-tables';
import { dealAndVehicle } from '../money/deal-money';
import { journalsOf } from '../money/ledger';
import { transactionFor } from '../transactions/access';
import type { UserRow } from '../users/user-records';

type Item = Omit<TimelineItem, 'actor' | 'you' | 'text'> & Told;

/** The deal's people as `reader` may name them: each party by user, and the main party of each side. */
async function peopleOf(db: Database, dealId: string, reader: UserRow) {
  const parties = await db
    .select({ role: dealParties.role, userId: dealParties.userId, firstName: users.firstName })
    .from(dealParties)
    .leftJoin(users, eq(users.id, dealParties.userId))
    .where(eq(dealParties.dealId, dealId));
  const personOf = (party: { role: DealRole; userId: string | null; firstName: string | null }): Person =>
    party.userId === reader.id ? YOU : personNamed(party.role, party.firstName);
  const byUser = new Map(parties.flatMap((party) => (party.userId ? [[party.userId, personOf(party)] as const] : [])));
  const sideOf = (side: Side) => {
    const party = parties.find((candidate) => candidate.role === side);
    return party ? personOf(party) : personNamed(side, null);
  };
  const sides: Record<Side, Person> = { buyer: sideOf('buyer'), seller: sideOf('seller') };
  /** Who sent a party's action: by user, else (an account since deleted) their side's party. */
  const actor = (userId: string | null, side: Side) => (userId && byUser.get(userId)) || (userId === reader.id ? YOU : sides[side]);
  return { sides, actor, reader: parties.filter((party) => party.userId === reader.id).map((party) => party.role) };
}

export async function dealTimeline(db: Database, transactionId: string, reader: UserRow): Promise<DealTimeline> {
  const { row } = await transactionFor(db, transactionId, reader);
  const { deal, vehicle } = await dealAndVehicle(db, row.dealId);
  const people = await peopleOf(db, row.dealId, reader);
  const readerSides = new Set(
    (['buyer', 'seller'] as const).filter((side) => people.reader.some((role) => SIDE_ROLES[side].includes(role))),
  );
  const items: Item[] = [];
  const add = (id: string, at: Date, kind: TimelineKind, side: Side | null, told: Told, cents: number | null = null) =>
    items.push({ id, at: at.toISOString(), kind, side, cents, ...told });

  add(
    `deal:${deal.id}`,
    deal.createdAt,
    'deal',
    null,
    DEAL_WORDS.agreed(people.sides, vehicleName(vehicle), formatDollars(deal.priceDollars)),
  );

  const allEnvelopes = await db.select().from(envelopes).where(eq(envelopes.dealId, row.dealId)).orderBy(asc(envelopes.createdAt));
  const documents = allEnvelopes.length
    ? await db
        .select()
        .from(envelopeDocuments)
        .where(
          inArray(
            envelopeDocuments.envelopeId,
            allEnvelopes.map((envelope) => envelope.id),
          ),
        )
    : [];
  const titleOf = (kind: string) => SALE_DOCUMENTS[kind as SaleDocumentKind]?.title ?? kind;
  const signedBy = (envelopeId: unknown, side: Side) =>
    documents
      .filter((document) => document.envelopeId === envelopeId)
      .filter((document) => (SALE_DOCUMENTS[document.kind as SaleDocumentKind]?.signers as readonly string[] | undefined)?.includes(side))
      .map((document) => titleOf(document.kind));
  // A refused envelope's documents were set aside (one no longer matched its hash): they are not the deal's.
  const live = allEnvelopes.filter((envelope) => envelope.status !== 'refused' && envelope.externalId);
  for (const envelope of live)
    add(
      `envelope:${envelope.id}`,
      envelope.createdAt,
      'signature',
      null,
      DEAL_WORDS.documentsMade(
        documents.filter((document) => document.envelopeId === envelope.id).map((document) => titleOf(document.kind)),
      ),
    );

  const sides = await db.select().from(transactions).where(eq(transactions.dealId, row.dealId));
  const sideOf = new Map(sides.map((side) => [side.id, side.side]));
  const events = await db
    .select()
    .from(transactionEvents)
    .where(
      inArray(
        transactionEvents.transactionId,
        sides.map((side) => side.id),
      ),
    )
    .orderBy(asc(transactionEvents.at), asc(transactionEvents.version));
  const told = new Set<string>();
  for (const event of events) {
    const side = sideOf.get(event.transactionId)!;
    // Both sides record a deal-wide event at once: it is told once, as the deal's.
    const dealWide = (DEAL_WIDE_EVENTS as readonly string[]).includes(event.event);
    if (dealWide && told.has(event.event)) continue;
    if (dealWide) told.add(event.event);
    const payload = (event.payload ?? {}) as Record<string, unknown>;
    const words = eventWords(
      event.event,
      { payload, ownSide: readerSides.has(side), documents: signedBy(payload.envelopeId, side) },
      { actor: people.actor(event.actorUserId, side), party: people.sides[side], sides: people.sides },
    );
    const by = EVENT_WORDS[event.event].by;
    const kind: TimelineKind =
      event.event === 'documents signed' || event.event === 'signatures collected'
        ? 'signature'
        : by === 'canceller'
          ? 'deal'
          : by === 'party'
            ? 'step'
            : 'provider';
    add(`event:${event.id}`, event.at, kind, dealWide ? null : side, words);
  }

  for (const journal of await journalsOf(db, row.dealId)) {
    const { cents, ...words } = journalWords(journal, people.sides);
    add(`journal:${journal.key}`, new Date(journal.at), 'money', null, words, cents);
  }

  const shipped = await db.select().from(shipments).where(eq(shipments.dealId, row.dealId));
  const updates = shipped.length
    ? await db
        .select()
        .from(shipmentUpdates)
        .where(
          inArray(
            shipmentUpdates.shipmentId,
            shipped.map((shipment) => shipment.id),
          ),
        )
    : [];
  for (const update of updates) {
    const shipment = shipped.find((candidate) => candidate.id === update.shipmentId)!;
    const words = shipmentWords(shipment.kind, update.status, update.note, people.sides);
    if (words) add(`shipment:${update.id}`, update.at, 'shipment', null, words);
  }

  if (deal.titleReceivedAt) add(`title:${deal.id}`, deal.titleReceivedAt, 'provider', 'seller', DEAL_WORDS.titleReceived());
  const [closing] = await db.select().from(dealClosings).where(eq(dealClosings.dealId, row.dealId));
  if (closing) add(`closed:${deal.id}`, closing.closedAt, 'deal', null, DEAL_WORDS.closed());

  const current = live.at(-1);
  return {
    transactionId: row.id,
    dealId: row.dealId,
    title: `${vehicleName(vehicle)} · VIN ${vehicle.vin} · ${formatDollars(deal.priceDollars)}`,
    closedAt: closing?.closedAt.toISOString() ?? null,
    cancelledAt: deal.cancelledAt?.toISOString() ?? null,
    // Records written in one database transaction share its time; the sort is stable, so they stay in the order added.
    items: items.sort((a, b) => a.at.localeCompare(b.at)),
    documents: documents
      .filter((document) => document.envelopeId === current?.id)
      .map((document) => ({
        kind: document.kind,
        title: titleOf(document.kind),
        sha256: document.sha256,
        signedSha256: document.signedSha256,
      })),
  };
}
