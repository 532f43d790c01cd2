import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { clearAccountData } from '../../src/data/session/account';
import { AppDatabase } from '../../src/data/db';
import { dropDraft, readDraft, saveDraft } from '../../src/data/device/drafts';

const fresh = () => new AppDatabase('drafts', { indexedDB: new IDBFactory(), IDBKeyRange });

describe('form drafts', () => {
  it('keeps what was typed under the form’s key, without the fields it must never keep', async () => {
    const database = fresh();
    await saveDraft('dealer-sale', { vin: '1G4AH59H45G118341', ssn: '123-45-6789', consent: true }, ['ssn', 'consent'], database);
    expect(await readDraft('dealer-sale', database)).toEqual({ vin: '1G4AH59H45G118341' });
    expect(await readDraft('offer-new', database)).toBeUndefined();
  });

  it('the last change wins, and a sent form’s draft is gone', async () => {
    const database = fresh();
    await Promise.all([
      saveDraft('home-address:t-1', { line1: '12 Elm' }, [], database),
      saveDraft('home-address:t-1', { line1: '12 Elm St' }, [], database),
    ]);
    expect(await readDraft('home-address:t-1', database)).toEqual({ line1: '12 Elm St' });
    await dropDraft('home-address:t-1', database);
    expect(await readDraft('home-address:t-1', database)).toBeUndefined();
  });

  it('are all forgotten at sign-out', async () => {
    const database = fresh();
    await saveDraft('offer-new', { make: 'Buick' }, [], database);
    await saveDraft('identity-more:t-1', { employer: 'Acme' }, [], database);
    await clearAccountData(database);
    expect(await database.drafts.count()).toBe(0);
  });
});
