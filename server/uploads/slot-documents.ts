/** Checks that a step's event names a document this user finished uploading for this transaction. */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { uploads } from '../db/schema';
import { TransactionRefusal } from '../transactions/access';
import type { UserRow } from '../users/user-records';

export async function assertUploaded(db: Database, transactionId: string, user: UserRow, documentKey: string) {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.key, documentKey), eq(uploads.transactionId, transactionId), eq(uploads.userId, user.id)));
  if (!row) throw new TransactionRefusal(422, 'That document does not belong to this transaction.');
  if (row.status !== 'completed') throw new TransactionRefusal(422, 'We did not receive that file. Upload it again.');
}
