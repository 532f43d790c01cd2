/**
 * Checks that the documents a step's action names are this user's finished uploads for this
 * transaction, in the slot each field asks for, and not refused by the first look (review.ts).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { DOCUMENT_SLOTS, type DocumentSlot } from '../../../src/domain/document-slots';
import type { Database } from '../../db/client';
import { uploads } from '../../db/schema';
import { TransactionRefusal, type UserRow } from '../../kernel/access';

export async function assertDocuments(
  db: Database,
  transactionId: string,
  user: UserRow,
  documents: { documentKey: string; slot: DocumentSlot }[],
) {
  if (!documents.length) return;
  const found = await db
    .select()
    .from(uploads)
    .where(
      and(
        inArray(
          uploads.key,
          documents.map((document) => document.documentKey),
        ),
        eq(uploads.transactionId, transactionId),
        eq(uploads.userId, user.id),
      ),
    );
  for (const document of documents) {
    const row = found.find((candidate) => candidate.key === document.documentKey);
    if (!row) throw new TransactionRefusal(422, 'That document does not belong to this transaction.');
    if (row.status !== 'completed') throw new TransactionRefusal(422, `We did not receive ${row.fileName}. Upload it again.`);
    if (row.review === 'refused') throw new TransactionRefusal(422, `${row.fileName} could not be read. Upload another file.`);
    if (row.slot !== document.slot)
      throw new TransactionRefusal(
        422,
        `${row.fileName} was uploaded as ${labelOf(row.slot)}, not as ${DOCUMENT_SLOTS[document.slot].label.toLowerCase()}.`,
      );
  }
}

const labelOf = (slot: string) => (slot in DOCUMENT_SLOTS ? DOCUMENT_SLOTS[slot as DocumentSlot].label.toLowerCase() : slot);
