/**
 * The deal's timeline (src/domain/deal-timeline.ts) as one party of it may read it: both sides'
 * step events, the envelope's documents, the ledger's journals, the shipment's updates and the
 * deal's milestones, merged by time. Names come from the deal's parties (first name and role);
 * payloads reach the words only through timeline-words.ts, which picks the fields it shows.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { DealTimeline, TimelineItem, TimelineKind } from '../../src/domain/deal-timeline';
import { formatDollars, vehicleName } from '../../src/domain/offer-format';
import { SIDE_ROLES, SIDES, type DealRole, type Side } from '../../src/domain/parties';
import { SALE_DOCUMENTS, type SaleDocumentKind } from '../../src/domain/signing';
import { DEAL_WORDS, journalWords, shipmentWords } from '../../src/domain/timeline-records';
import { handoverWords } from '../../src/domain/handover';
import {
  DEAL_WIDE_EVENTS,
  EVENT_WORDS,
  eventWords,
  personNamed,
  YOU,
  type Person,
  type Told,
  type ToldEvent,
} from '../../src/domain/timeline-words';
import { isViewChange } from '../../src/domain/transaction-transitions';
import type { Database } from '../db/client';
import { dealParties, transactionEvents, transactions, users } from '../db/schema';
import { dealClosings, envelopeDocuments, envelopes } from '../db/signing-tables';
import { handoverRecords, shipments, shipmentUpdates } from '../db/transport-tables';
import { deliveryItems } from './delivery-timeline';
import { dealAndVehicle } from '../kernel/deal-sides';
import { journalsOf } from '../modules/money/ledger';
import { saleOfDeal } from './sale-view';
import { transactionFor, type UserRow } from '../kernel/access';

const item = (id: string, at: Date, kind: TimelineKind, side: Side | null, told: Told, cents: number | null = null): TimelineItem => ({
  id,
  at: at.toISOString(),
  kind,
  side,
  cents,
  ...told,
});

type People = Awaited<ReturnType<typeof peopleOf>>;

/** The deal's people as `reader` may name them: each party by user, the main party of each side, and the reader's own sides. */
async function peopleOf(db: Database, dealId: string, reader: UserRow) {
  const parties = await db
    .select({ role: dealParties.role, userId: dealParties.userId, firstName: users.firstName })
    .from(dealParties)
    .leftJoin(users, eq(users.id, dealParties.userId))
    .where(eq(dealParties.dealId, dealId));
  const personOf = (party: { role: DealRole; userId: string | null; firstName: string | null }): Person =>
    party.userId === reader.id ? YOU : personNamed(party.role, party.firstName);
  const byUser = new Map(parties.flatMap((party) => (party.userId ? [[party.userId, personOf(party)] as const] : [])));
  const mainParty = (side: Side) => {
    const party = parties.find((candidate) => candidate.role === side);
    return party ? personOf(party) : personNamed(side, null);
  };
  const sides: Record<Side, Person> = { buyer: mainParty('buyer'), seller: mainParty('seller') };
  const readerRoles = parties.filter((party) => party.userId === reader.id).map((party) => party.role);
  return {
    sides,
    /** Who sent a party's action: by user, else (an account since deleted) their side's party. */
    actor: (userId: string | null, side: Side) => (userId && byUser.get(userId)) || sides[side],
    ownSides: new Set(SIDES.filter((side) => readerRoles.some((role) => SIDE_ROLES[side].includes(role)))),
  };
}

const titleOf = (kind: string) => SALE_DOCUMENTS[kind as SaleDocumentKind]?.title ?? kind;

/** The deal's envelopes with their documents; the live one (not refused, sent to the provider) holds the deal's documents. */
async function signingOf(db: Database, dealId: string) {
  const made = await db.select().from(envelopes).where(eq(envelopes.dealId, dealId)).orderBy(asc(envelopes.createdAt));
  const documents = made.length
    ? await db
        .select()
        .from(envelopeDocuments)
        .where(
          inArray(
            envelopeDocuments.envelopeId,
            made.map((envelope) => envelope.id),
          ),
        )
    : [];
  // A refused envelope's documents were set aside (one no longer matched its hash): they are not the deal's.
  const sent = made.filter((envelope) => envelope.status !== 'refused' && envelope.externalId);
  const of = (envelopeId: unknown) => documents.filter((document) => document.envelopeId === envelopeId);
  return {
    items: sent.map((envelope) =>
      item(
        `envelope:${envelope.id}`,
        envelope.createdAt,
        'signature',
        null,
        DEAL_WORDS.documentsMade(of(envelope.id).map((d) => titleOf(d.kind))),
      ),
    ),
    /** The titles of what `side` signs in an envelope. */
    signedBy: (envelopeId: unknown, side: Side) =>
      of(envelopeId)
        .filter((document) => (SALE_DOCUMENTS[document.kind as SaleDocumentKind]?.signers as readonly Side[] | undefined)?.includes(side))
        .map((document) => titleOf(document.kind)),
    documents: of(sent.at(-1)?.id).map((document) => ({
      kind: document.kind,
      title: titleOf(document.kind),
      sha256: document.sha256,
      signedSha256: document.signedSha256,
    })),
  };
}

const kindOf = (event: ToldEvent): TimelineKind => {
  if (event === 'documents signed' || event === 'signatures collected') return 'signature';
  const { by } = EVENT_WORDS[event];
  return by === 'canceller' ? 'deal' : by === 'party' ? 'step' : 'provider';
};

/** Both sides' step events in words, a deal-wide one (both sides record it at once) told once, as the deal's. */
async function eventItems(db: Database, dealId: string, people: People, signedBy: (envelopeId: unknown, side: Side) => string[]) {
  const sides = await db.select().from(transactions).where(eq(transactions.dealId, dealId));
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
  const toldOnce = new Set<string>();
  return events.flatMap((row) => {
    // The view changes are told from their own records (money, transport, documents) below.
    if (isViewChange(row.event)) return [];
    const event = { ...row, event: row.event as ToldEvent };
    const side = sideOf.get(event.transactionId)!;
    const dealWide = (DEAL_WIDE_EVENTS as readonly string[]).includes(event.event);
    if (dealWide && toldOnce.has(event.event)) return [];
    if (dealWide) toldOnce.add(event.event);
    const payload = (event.payload ?? {}) as Record<string, unknown>;
    const words = eventWords(
      event.event,
      { payload, ownSide: people.ownSides.has(side), documents: signedBy(payload.envelopeId, side) },
      { actor: people.actor(event.actorUserId, side), party: people.sides[side], sides: people.sides },
    );
    return [item(`event:${event.id}`, event.at, kindOf(event.event), dealWide ? null : side, words)];
  });
}

/** The vendor's updates of every shipment the deal booked (a replaced booking's too). */
async function shipmentItems(db: Database, dealId: string, people: People) {
  const booked = await db.select().from(shipments).where(eq(shipments.dealId, dealId));
  const updates = booked.length
    ? await db
        .select()
        .from(shipmentUpdates)
        .where(
          inArray(
            shipmentUpdates.shipmentId,
            booked.map((shipment) => shipment.id),
          ),
        )
    : [];
  return updates.flatMap((update) => {
    const shipment = booked.find((candidate) => candidate.id === update.shipmentId)!;
    const words = shipmentWords(shipment.kind, update.status, update.note, people.sides);
    return words ? [item(`shipment:${update.id}`, update.at, 'shipment', null, words)] : [];
  });
}

/** Each party's handover record, in words (the photos and their SHA-256 are in the handover's own view and the PDF). */
async function handoverItems(db: Database, dealId: string, people: People) {
  const records = await db.select().from(handoverRecords).where(eq(handoverRecords.dealId, dealId));
  return records.map((record) => {
    const person = people.actor(record.userId, record.side);
    const told: Told = {
      actor: capitalised(person.name),
      you: person.you,
      text: `${capitalised(person.name)} recorded the handover: ${handoverWords(record)}.`,
    };
    return item(`handover:${dealId}:${record.side}`, record.recordedAt, 'step', record.side, told);
  });
}

const capitalised = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

export async function dealTimeline(db: Database, transactionId: string, reader: UserRow): Promise<DealTimeline> {
  const { row } = await transactionFor(db, transactionId, reader);
  const { deal, vehicle } = await dealAndVehicle(db, row.dealId);
  const people = await peopleOf(db, row.dealId, reader);
  const signing = await signingOf(db, row.dealId);
  const [closing] = await db.select().from(dealClosings).where(eq(dealClosings.dealId, row.dealId));
  const price = formatDollars(deal.priceDollars);
  const items: TimelineItem[] = [
    item(`deal:${deal.id}`, deal.createdAt, 'deal', null, DEAL_WORDS.agreed(people.sides, vehicleName(vehicle), price)),
    ...signing.items,
    ...(await eventItems(db, row.dealId, people, signing.signedBy)),
    // Before the money: a confirmation or a decision shares its transaction's time with the journals it moved.
    ...(await deliveryItems(db, deal, people.actor, people.sides.buyer)).map((entry) =>
      item(entry.id, entry.at, entry.side ? 'step' : 'provider', entry.side, entry.told),
    ),
    ...(await journalsOf(db, row.dealId)).map((journal) => {
      const { cents, ...words } = journalWords(journal, people.sides);
      return item(`journal:${journal.key}`, new Date(journal.at), 'money', null, words, cents);
    }),
    ...(await shipmentItems(db, row.dealId, people)),
    ...(await handoverItems(db, row.dealId, people)),
    ...(deal.titleReceivedAt ? [item(`title:${deal.id}`, deal.titleReceivedAt, 'provider', 'seller', DEAL_WORDS.titleReceived())] : []),
    ...(closing ? [item(`closed:${deal.id}`, closing.closedAt, 'deal', null, DEAL_WORDS.closed())] : []),
  ];
  return {
    transactionId: row.id,
    dealId: row.dealId,
    title: `${vehicleName(vehicle)} · VIN ${vehicle.vin} · ${price}`,
    closedAt: closing?.closedAt.toISOString() ?? null,
    cancelledAt: deal.cancelledAt?.toISOString() ?? null,
    sale: await saleOfDeal(db, deal),
    side: row.side,
    // Records written in one database transaction share its time; the sort is stable, so they stay in the order listed.
    items: items.sort((a, b) => a.at.localeCompare(b.at)),
    documents: signing.documents,
  };
}
