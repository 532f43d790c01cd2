/**
 * A party records their side of the handover (issue 34): once per side, with an idempotency key;
 * the photos' SHA-256 are read from storage first (outside the database transaction: a large
 * photo must not hold the deal's lock), then the record is written in one unit of work.
 */
import type { RecordHandover } from '../../src/domain/handover';
import type { UserRow } from '../kernel/access';
import type { TransactionRow } from '../kernel/event-log';
import { recordHandover as record } from '../modules/handover/handover';
import { storedHashes } from '../modules/uploads/stored-hashes';
import type { StorageDeps } from '../modules/uploads/multipart';
import { userKeys, type CommandContext } from './context';

export async function recordHandover(
  ctx: CommandContext,
  storage: StorageDeps,
  user: UserRow,
  row: TransactionRow,
  input: RecordHandover,
): Promise<{ recordedAt: string; replayed: boolean }> {
  const { idempotencyKey, ...asked } = input;
  const key = {
    owner: userKeys(user),
    key: idempotencyKey,
    command: 'record handover',
    request: { transactionId: row.id, ...asked },
    label: 'Recording the handover',
  };
  const photos = await storedHashes(storage, row, user, input.photos);
  const { result, replayed } = await ctx.run({ dealId: row.dealId, key }, async (uow) => {
    const written = await record(uow, row, user, { ...asked, photos });
    return { recordedAt: written.recordedAt.toISOString() };
  });
  return { ...result, replayed };
}
