import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../src/data/db';
import { storeDetail } from '../../src/data/transactions';
import type { TransactionDetail } from '../../src/domain/transaction-contract';

// Only what storeDetail reads; the rest of a detail plays no part in which copy is kept.
const copy = (version: number, status: string) => ({ id: 't-1', flow: 'private', version, status }) as unknown as TransactionDetail;

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
});
