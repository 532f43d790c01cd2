import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { clearAccountData } from '../../src/data/session/account';
import { AppDatabase } from '../../src/data/db';
import { threadRecord } from '../support/thread-record';

function freshDatabase() {
  return new AppDatabase('test', { indexedDB: new IDBFactory(), IDBKeyRange });
}

const profile = {
  sub: 'sub-1',
  uid: 'u-1',
  email: 'seller@example.com',
  firstName: 'Ada',
  lastName: null,
  mobile: null,
  type: 'customer' as const,
  isAdditionalDetailsSubmitted: false,
  cognitoIdentityId: null,
  savedAt: 1,
};

const timeline = {
  transactionId: 't-1',
  dealId: 'd-1',
  title: '2005 Buick · VIN 1G4AH59H45G118341 · $20,000',
  closedAt: null,
  cancelledAt: null,
  items: [],
  documents: [],
};

describe('profile cache', () => {
  it('keeps a profile across reopening the database', async () => {
    const factory = new IDBFactory();
    const first = new AppDatabase('reopen', { indexedDB: factory, IDBKeyRange });
    await first.profiles.put(profile);
    first.close();
    const second = new AppDatabase('reopen', { indexedDB: factory, IDBKeyRange });
    expect(await second.profiles.get('sub-1')).toEqual(profile);
  });

  it('is emptied by sign-out cleanup (shared devices), with the transactions, offers and unsent actions', async () => {
    const database = freshDatabase();
    await database.profiles.put(profile);
    await database.negotiations.put({
      id: 'n-1',
      status: 'open',
      vehicle: { vin: '1G4AH59H45G118341', modelYear: 2005, make: 'Buick', mileage: 84000, confirmed: true },
      latestOffer: { id: 'o-1', amount: 6500, fromRole: 'seller', expiresAt: '2030-01-01T00:00:00Z', madeAt: '2029-12-25T00:00:00Z' },
      updatedAt: '2029-12-25T00:00:00Z',
      version: 3,
      myRole: 'buyer',
      dealId: null,
      viaMyCode: false,
      list: 'received',
      savedAt: 1,
    });
    await database.outbox.add({
      kind: 'transaction',
      transactionId: 't-1',
      idempotencyKey: 'k',
      event: 'finance skipped',
      payload: {},
      expectedVersion: 0,
      createdAt: 1,
      state: 'pending',
    });
    await database.timelines.put({ ...timeline, savedAt: 1 });
    await database.threads.put(threadRecord({ version: 2, savedAt: 1 }));
    await clearAccountData(database);
    expect(await database.profiles.count()).toBe(0);
    expect(await database.outbox.count()).toBe(0);
    expect(await database.negotiations.count()).toBe(0);
    expect(await database.timelines.count()).toBe(0);
    expect(await database.threads.count()).toBe(0);
  });

  it('opens a version-1 database and adds the transaction tables without losing the profile', async () => {
    const factory = new IDBFactory();
    const old = new Dexie('upgrade', { indexedDB: factory, IDBKeyRange });
    old.version(1).stores({ profiles: 'sub' });
    await old.table('profiles').put(profile);
    old.close();
    const upgraded = new AppDatabase('upgrade', { indexedDB: factory, IDBKeyRange });
    expect(await upgraded.profiles.get('sub-1')).toEqual(profile);
    expect(await upgraded.transactions.count()).toBe(0);
  });

  it('upgrades a version-3 outbox: the actions it holds become transaction actions, still found by transaction', async () => {
    const factory = new IDBFactory();
    const old = new Dexie('outbox-v3', { indexedDB: factory, IDBKeyRange });
    old.version(1).stores({ profiles: 'sub' });
    old.version(2).stores({ profiles: 'sub', transactions: 'id, updatedAt', outbox: '++seq, transactionId' });
    old.version(3).stores({ documents: 'id, transactionId' });
    const action = {
      transactionId: 't-1',
      idempotencyKey: 'k',
      event: 'finance skipped',
      payload: {},
      expectedVersion: 3,
      createdAt: 1,
      state: 'pending',
    };
    await old.table('outbox').add(action);
    old.close();
    const upgraded = new AppDatabase('outbox-v3', { indexedDB: factory, IDBKeyRange });
    expect(await upgraded.outbox.where('transactionId').equals('t-1').toArray()).toEqual([{ ...action, seq: 1, kind: 'transaction' }]);
    expect(await upgraded.negotiations.count()).toBe(0);
  });

  it('upgrades a version-4 database with a table for the deal timelines, keeping the offers', async () => {
    const factory = new IDBFactory();
    const old = new Dexie('timelines-v4', { indexedDB: factory, IDBKeyRange });
    old.version(1).stores({ profiles: 'sub' });
    old.version(2).stores({ profiles: 'sub', transactions: 'id, updatedAt', outbox: '++seq, transactionId' });
    old.version(3).stores({ documents: 'id, transactionId' });
    old.version(4).stores({ negotiations: 'id', outbox: '++seq, transactionId, negotiationId' });
    const vehicle = { vin: '1G4AH59H45G118341', modelYear: 2005, make: 'Buick', mileage: 88_000 };
    await old.table('negotiations').put({ id: 'n-1', list: 'received', vehicle });
    old.close();
    const upgraded = new AppDatabase('timelines-v4', { indexedDB: factory, IDBKeyRange });
    expect(await upgraded.negotiations.get('n-1')).toMatchObject({ list: 'received', vehicle });
    await upgraded.timelines.put({ ...timeline, savedAt: 2 });
    expect(await upgraded.timelines.get('t-1')).toMatchObject({ dealId: 'd-1', savedAt: 2 });
  });
});
