import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { clearAccountData } from '../../src/data/account';
import { AppDatabase } from '../../src/data/db';

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

describe('profile cache', () => {
  it('keeps a profile across reopening the database', async () => {
    const factory = new IDBFactory();
    const first = new AppDatabase('reopen', { indexedDB: factory, IDBKeyRange });
    await first.profiles.put(profile);
    first.close();
    const second = new AppDatabase('reopen', { indexedDB: factory, IDBKeyRange });
    expect(await second.profiles.get('sub-1')).toEqual(profile);
  });

  it('is emptied by sign-out cleanup (shared devices)', async () => {
    const database = freshDatabase();
    await database.profiles.put(profile);
    await clearAccountData(database);
    expect(await database.profiles.count()).toBe(0);
  });
});
