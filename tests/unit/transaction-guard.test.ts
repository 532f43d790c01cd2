/**
 * The transaction guard decides on the saved copy (issue 56): a screen the copy has not reached sends the party to its
 * current step at once, and the screen asked for is remembered — so when a fresh copy lands before that step is even
 * drawn (the other device moved on), the party is taken on to what they asked for, never left on a step that is done.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TransactionDetail } from '../../src/domain/transaction-contract';
import { validRuntimeConfig as config } from '../support/runtime-config-fixture';

vi.stubGlobal('navigator', { onLine: true });
// The fresh copy is never answered here: the test writes the copies itself, as the fetch behind the screen would.
vi.stubGlobal('fetch', () => new Promise(() => undefined));
const { loadRuntimeConfig } = await import('../../src/data/api/runtime-config');
const { setSignedIn } = await import('../../src/data/session/session-store');
const { db } = await import('../../src/data/db');
const { transactionRedirect, guardLanding } = await import('../../src/data/records/transaction-guard');

const copy = (status: string) => ({ id: 't-1', flow: 'financed-buyer', status, version: 1 }) as unknown as TransactionDetail;
const save = (detail: TransactionDetail) => db.transactions.put({ ...detail, detail, server: detail, savedAt: Date.now() } as never);
const at = (path: string) => new URL(`http://app${path}?transaction=t-1`);

beforeEach(async () => {
  await loadRuntimeConfig((async () => new Response(JSON.stringify(config))) as typeof fetch);
  setSignedIn({ sub: 'buyer-1', email: 'buyer@example.com' }, 'id-token');
  await db.transactions.clear();
});

describe('the transaction guard on the saved copy', () => {
  it('sends a party to the saved current step at once, and on to the screen they asked for once a fresh copy allows it', async () => {
    await save(copy('identity_started'));
    expect(await transactionRedirect(at('/transaction/financing'))).toBe('/transaction/identity?transaction=t-1');
    expect(guardLanding('t-1')).toEqual({
      id: 't-1',
      at: '/transaction/identity',
      asked: '/transaction/financing?transaction=t-1',
      destination: '/transaction/identity',
    });
    // The fresh copy lands before the identity step is drawn: identity is done, financing current.
    await save(copy('identity_done'));
    expect(await transactionRedirect(at('/transaction/identity'))).toBe('/transaction/financing?transaction=t-1');
  });

  it('leaves a party on a done step they chose to read', async () => {
    await save(copy('identity_done'));
    expect(await transactionRedirect(at('/transaction/identity'))).toBeNull();
    expect(guardLanding('t-1')).toBeNull();
  });
});
