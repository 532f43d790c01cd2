/**
 * One press, several step actions (outbox.ts `queueActions`): the buyer's Start on signing takes the flow's in-between
 * status and the ID check's in one write, so a screen following the saved copy never draws the in-between status — whose
 * own button showed for a moment under the person's finger when they were queued one after the other.
 */
import 'fake-indexeddb/auto';
import { liveQuery } from 'dexie';
import { describe, expect, it, vi } from 'vitest';
import { foldStepData } from '../../src/domain/step-data';
import { nextStatus } from '../../src/domain/transaction-transitions';
import type { TransactionDetail } from '../../src/domain/transaction-contract';

vi.stubGlobal('window', new EventTarget());
vi.stubGlobal('document', new EventTarget());
vi.stubGlobal('navigator', { onLine: false });
const { db } = await import('../../src/data/db');
const { queueActions } = await import('../../src/data/outbox/outbox');

const paid = {
  id: 't-1',
  flow: 'financed-buyer',
  status: 'payment_done',
  version: 20,
  data: foldStepData([]),
  next: null,
} as unknown as TransactionDetail;

describe('a press that takes two step actions', () => {
  it('moves the saved copy from where it was to where the last leads, with nothing drawn between, both waiting in order', async () => {
    const between = nextStatus('financed-buyer', 'payment_done', 'signature start');
    expect(between).toBe('signature_start'); // the flow has the in-between status this is about
    await db.transactions.put({ ...paid, detail: paid, server: paid, savedAt: Date.now() } as never);
    const seen: string[] = [];
    const watching = liveQuery(() => db.transactions.get('t-1')).subscribe((row) => row && seen.push(row.status));
    await vi.waitFor(() => expect(seen).toEqual(['payment_done']));

    await queueActions('t-1', [{ event: 'signature start' }, { event: 'signing started' }]);
    await vi.waitFor(() => expect(seen.at(-1)).toBe(nextStatus('financed-buyer', 'signature_start', 'signing started')));
    watching.unsubscribe();
    expect(seen).not.toContain('signature_start');
    const queued = await db.outbox.orderBy('seq').toArray();
    expect(queued.map((row) => [row.kind === 'transaction' && row.event, row.kind === 'transaction' && row.expectedVersion])).toEqual([
      ['signature start', 20],
      ['signing started', null],
    ]);
  });
});
