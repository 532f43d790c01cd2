/**
 * The deal's timeline as a PDF (pdf-writer.ts, DejaVu Sans embedded): the items day by day with
 * their times in the reader's time zone, then the deal's documents with the SHA-256 of each as
 * made and as signed, so a copy kept elsewhere can be checked against it; then the parties'
 * handover records (issue 34) with each photo's SHA-256 as stored, the case about the car if one
 * was raised (its evidence with each file's SHA-256, and the decision), and the parties' messages
 * (issue 33), each with who wrote it, when, the file it sent and the warning it carried.
 */
import { saleWords } from '../../src/domain/sale-state';
import { formatBytes } from '../../src/domain/byte-format';
import type { DealTimeline } from '../../src/domain/deal-timeline';
import { decisionWords, DISPUTE_STATUS_LABELS, type Dispute } from '../../src/domain/delivery';
import { handoverWords, type Handover } from '../../src/domain/handover';
import type { Thread } from '../../src/domain/message-contract';
import { pdfWriter } from '../pdf/pdf-writer';

type Writer = Awaited<ReturnType<typeof pdfWriter>>;

function writeMessages(w: Writer, thread: Thread, stamp: (at: Date) => string) {
  w.gap(12);
  w.subheading('Messages between the parties');
  const messages = thread.entries.flatMap((entry) => (entry.type === 'message' ? [entry] : []));
  if (!messages.length) w.paragraph('No messages were written in this sale.', { muted: true });
  const other = thread.otherName ?? `The ${thread.myRole === 'buyer' ? 'seller' : 'buyer'}`;
  for (const message of messages) {
    const file = message.attachment ? ` [sent ${message.attachment.fileName}, ${formatBytes(message.attachment.size)}]` : '';
    w.paragraph(`${stamp(new Date(message.at))} — ${message.by === 'you' ? 'You' : other}: ${message.body}${file}`);
    if (message.offPlatformPayment) w.paragraph('Flagged to both parties: it asks to pay outside Caramel.', { size: 8, muted: true });
  }
}

const SIDE_NAME = { buyer: 'The buyer', seller: 'The seller' } as const;

function writeHandovers(w: Writer, handover: Handover, stamp: (at: Date) => string) {
  w.gap(12);
  w.subheading('Handover records');
  if (!handover.records.length) w.paragraph('Neither party has recorded the handover yet.', { muted: true });
  for (const record of handover.records) {
    w.paragraph(`${SIDE_NAME[record.side]}, ${stamp(new Date(record.recordedAt))} (server time): ${handoverWords(record)}.`);
    for (const photo of record.photos) w.paragraph(`${photo.fileName} (${photo.slot}) SHA-256: ${photo.sha256}`, { size: 8, muted: true });
  }
}

function writeCase(w: Writer, dispute: Dispute, stamp: (at: Date) => string) {
  w.gap(12);
  w.subheading('The case about the car');
  w.paragraph(
    `Raised by the buyer ${stamp(new Date(dispute.raisedAt))} (server time): ${dispute.reason}. ${DISPUTE_STATUS_LABELS[dispute.status]}.`,
  );
  for (const piece of dispute.evidence) {
    w.paragraph(`${SIDE_NAME[piece.side]}, ${stamp(new Date(piece.at))}: ${piece.note}`);
    for (const photo of piece.photos) w.paragraph(`${photo.fileName} SHA-256: ${photo.sha256}`, { size: 8, muted: true });
  }
  if (dispute.decision)
    w.paragraph(
      `Decided ${stamp(new Date(dispute.decision.at))}: Caramel ${decisionWords(dispute.decision)}. Reason: ${dispute.decision.reason}`,
    );
}

export async function timelinePdf(
  timeline: DealTimeline,
  timeZone = 'UTC',
  now = new Date(),
  extra: { thread?: Thread | null; handover?: Handover; dispute?: Dispute | null } = {},
): Promise<Uint8Array> {
  const day = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
  const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', second: '2-digit' });
  const w = await pdfWriter({ title: `Timeline of the sale: ${timeline.title}`, subject: `Deal ${timeline.dealId}` });
  w.heading('Timeline of the sale');
  w.paragraph(timeline.title);
  w.paragraph(
    `Deal ${timeline.dealId}. ${(timeline.sale && timeline.side && saleWords(timeline.sale, timeline.side, timeZone)) || 'In progress'}. Printed ${day.format(now)}, ${time.format(now)}; times are in ${timeZone}.`,
    { muted: true },
  );
  let shownDay = '';
  for (const item of timeline.items) {
    const at = new Date(item.at);
    if (day.format(at) !== shownDay) {
      shownDay = day.format(at);
      w.subheading(shownDay);
    }
    w.paragraph(`${time.format(at)} — ${item.text}`);
  }
  w.gap(12);
  w.subheading('Documents');
  if (!timeline.documents.length)
    w.paragraph('No documents are made yet: they are made from the deal once both parties have paid.', { muted: true });
  for (const document of timeline.documents) {
    w.paragraph(document.title);
    w.paragraph(`SHA-256 as made: ${document.sha256}`, { size: 8, muted: true });
    w.paragraph(`SHA-256 as signed: ${document.signedSha256 ?? 'not signed yet'}`, { size: 8, muted: true });
  }
  const stamp = (at: Date) => `${day.format(at)}, ${time.format(at)}`;
  if (extra.handover) writeHandovers(w, extra.handover, stamp);
  if (extra.dispute) writeCase(w, extra.dispute, stamp);
  if (extra.thread) writeMessages(w, extra.thread, stamp);
  return (await w.finish()).bytes;
}
