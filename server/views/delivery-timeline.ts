/**
 * Delivery and its case in the deal's timeline (deal-timeline.ts), in words: the buyer's
 * confirmation or the clock's release, the problem raised, each piece of evidence added, and the
 * admin's decision with its reason. The photos and their SHA-256 are in the case and in the PDF.
 */
import { decisionName } from '../../src/domain/delivery';
import type { Side } from '../../src/domain/parties';
import { providerWords, type Person, type Told } from '../../src/domain/timeline-words';
import type { Database } from '../db/client';
import type { DealRow } from '../kernel/unit-of-work';
import { disputeOfDeal, evidenceOf } from '../modules/delivery/dispute-rows';

export interface DeliveryItem {
  id: string;
  at: Date;
  side: Side | null;
  told: Told;
}

const capitalised = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
const byPerson = (person: Person, text: string): Told => ({ actor: capitalised(person.name), you: person.you, text });
const photos = (count: number) => (count ? ` (${count} ${count === 1 ? 'file' : 'files'})` : '');

export async function deliveryItems(
  db: Database,
  deal: DealRow,
  actor: (userId: string | null, side: Side) => Person,
  buyer: Person,
): Promise<DeliveryItem[]> {
  const items: DeliveryItem[] = [];
  if (deal.deliveryConfirmedAt && deal.deliveryConfirmedBy === 'buyer')
    items.push({
      id: `delivery:${deal.id}`,
      at: deal.deliveryConfirmedAt,
      side: 'buyer',
      told: byPerson(buyer, `${capitalised(buyer.name)} confirmed delivery: the car is as described.`),
    });
  if (deal.deliveryConfirmedAt && deal.deliveryConfirmedBy === 'clock')
    items.push({
      id: `delivery:${deal.id}`,
      at: deal.deliveryConfirmedAt,
      side: null,
      told: providerWords('caramel', 'Caramel counted delivery as confirmed: the buyer raised no problem in their time after the handover'),
    });
  const dispute = await disputeOfDeal(db, deal.id);
  if (!dispute) return items;
  const evidence = await evidenceOf(db, dispute.id);
  evidence.forEach((piece, index) => {
    const person = actor(piece.userId, piece.side);
    const text =
      index === 0
        ? `${capitalised(person.name)} raised a problem with the car (${dispute.reason}): “${piece.note}”${photos(piece.photos.length)}.`
        : `${capitalised(person.name)} added to the case: “${piece.note}”${photos(piece.photos.length)}.`;
    items.push({ id: `evidence:${piece.id}`, at: piece.at, side: piece.side, told: byPerson(person, text) });
  });
  if (dispute.decision && dispute.decidedAt)
    items.push({
      id: `decision:${dispute.id}`,
      at: dispute.decidedAt,
      side: null,
      told: providerWords(
        'caramel',
        `Caramel decided the case: ${decisionName({ decision: dispute.decision, refundCents: dispute.refundCents })} (“${dispute.decisionReason ?? ''}”)`,
      ),
    });
  return items;
}
