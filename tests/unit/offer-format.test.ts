import { describe, expect, it } from 'vitest';
import { aVehicle, holdings } from '../../src/domain/offer-format';

const counts = (offers: number, active: number, previous: number) => ({
  offers: { total: offers },
  activeTransactions: { total: active },
  previousTransactions: { total: previous },
});

describe('how offers read', () => {
  it('puts the article English wants before a vehicle', () => {
    expect(aVehicle('2005 Buick')).toBe('a 2005 Buick');
    expect(aVehicle('2008 Audi')).toBe('a 2008 Audi');
    expect(aVehicle('1890 Benz')).toBe('an 1890 Benz');
    expect(aVehicle('8 Series')).toBe('an 8 Series');
  });

  it('says what an account holds, leaving out what it has none of', () => {
    expect(holdings(counts(0, 0, 0))).toBeNull();
    expect(holdings(counts(0, 1, 0))).toBe('1 sale in progress');
    expect(holdings(counts(2, 1, 0))).toBe('2 open offers and 1 sale in progress');
    expect(holdings(counts(1, 2, 3))).toBe('1 open offer, 2 sales in progress and 3 finished sales');
  });
});
