import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../src/data/db';
import { detailBehind, rowsWithList, storeDetail } from '../../src/data/records/transactions';
import { foldStepData } from '../../src/domain/step-data';
import type { TransactionDetail, TransactionSummary } from '../../src/domain/transaction-contract';

// Only what storeDetail reads; the rest of a detail plays no part in which copy is kept.
const copy = (version: number, status: string, appliedKeys: string[] = []) =>
  ({ id: 't-1', flow: 'title-report', version, status, appliedKeys, data: foldStepData([]) }) as unknown as TransactionDetail;

describe('saving a transaction the API answered', () => {
  beforeEach(async () => {
    await db.transactions.clear();
    await db.outbox.clear();
  });

  it('keeps the newer copy when an older answer arrives after it (an action answered after a refresh saw the next move)', async () => {
    await storeDetail(copy(7, 'signature_gov_id_success'));
    await storeDetail(copy(6, 'signature_gov_id_started'));
    const row = await db.transactions.get('t-1');
    expect(row?.status).toBe('signature_gov_id_success');
    expect(row?.detail?.version).toBe(7);
  });

  it('takes a newer copy, and the same version again', async () => {
    await storeDetail(copy(6, 'signature_gov_id_started'));
    await storeDetail(copy(7, 'signature_gov_id_success'));
    expect((await db.transactions.get('t-1'))?.detail?.status).toBe('signature_gov_id_success');
    await storeDetail(copy(7, 'signature_gov_id_success'));
    expect((await db.transactions.get('t-1'))?.detail?.version).toBe(7);
  });

  it('drops a queued action the server’s copy already holds, so no "1 action pending" shows beside its own result', async () => {
    const queued = (idempotencyKey: string, seq: number) => ({
      seq,
      kind: 'transaction' as const,
      transactionId: 't-1',
      idempotencyKey,
      event: 'inspection skipped' as const,
      payload: {},
      expectedVersion: 6,
      createdAt: Date.now(),
      state: 'pending' as const,
    });
    await db.outbox.bulkAdd([queued('applied-key', 1), queued('still-waiting', 2)]);
    // A live notice brings the copy with the first action in it before the action's own answer arrives.
    await storeDetail(copy(7, 'inspection_done', ['applied-key']));
    expect((await db.outbox.toArray()).map((row) => row.idempotencyKey)).toEqual(['still-waiting']);
    expect((await db.transactions.get('t-1'))?.status).toBe('inspection_done');
  });

  it('keeps an action pending when a copy lists its key at the version it was based on (a read that straddled its commit)', async () => {
    await db.outbox.add({
      kind: 'transaction',
      transactionId: 't-1',
      idempotencyKey: 'bank-key',
      event: 'bank linked',
      payload: { accountId: 'a-1', authorizedCents: 100 },
      expectedVersion: 16,
      createdAt: Date.now(),
      state: 'pending',
    });
    await storeDetail(copy(16, 'payment_start', ['bank-key']));
    expect((await db.outbox.toArray()).map((row) => row.idempotencyKey)).toEqual(['bank-key']);
    // What the screen shows still has the payment on top.
    expect((await db.transactions.get('t-1'))?.detail?.data.payment.accountId).toBe('a-1');
  });
});

describe('saving a fresh transactions list', () => {
  const summary = (version: number, status: string) => ({ id: 't-1', version, status }) as unknown as TransactionSummary;
  const savedRow = async (version: number, status: string) => {
    await db.transactions.clear();
    await db.outbox.clear();
    await storeDetail(copy(version, status));
    return new Map([['t-1', (await db.transactions.get('t-1'))!]]);
  };

  it('keeps the detail a screen shows when the list says the other party moved on, and marks it behind', async () => {
    const known = await savedRow(6, 'payment_start');
    const [row] = rowsWithList(known, new Set(), [summary(7, 'payment_start')], 1);
    // Without it the step's screen read "This transaction is not saved on this device" until the detail came again.
    expect(row?.detail?.version).toBe(6);
    expect(row?.version).toBe(7);
    expect(detailBehind(row!)).toBe(true);
  });

  it('keeps the saved row whole when the list is older than it or an action of it still waits', async () => {
    const known = await savedRow(7, 'inspection_done');
    expect(rowsWithList(known, new Set(), [summary(6, 'inspection_start')], 1)[0]).toMatchObject({ version: 7, status: 'inspection_done' });
    expect(rowsWithList(known, new Set(['t-1']), [summary(8, 'closed')], 1)[0]).toMatchObject({ version: 7, status: 'inspection_done' });
  });

  it('saves a row the device has no detail of as the list gives it', () => {
    const [row] = rowsWithList(new Map(), new Set(), [summary(3, 'identity_start')], 1);
    expect(row).toEqual({ id: 't-1', version: 3, status: 'identity_start', savedAt: 1 });
    expect(detailBehind(row!)).toBe(false);
  });
});
