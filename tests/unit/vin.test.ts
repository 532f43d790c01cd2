import { describe, expect, it } from 'vitest';
import { checkVin, vinCheckDigit } from '../../src/domain/vin';

const VALID = ['1G4AH59H45G118341', '1J9RP1A36A1644345', '1G1BN53E6NW128495'];
const TODAY = new Date('2026-11-21');
const ALPHABET = '0123456789ABCDEFGHJKLMNPRSTUVWXYZ';

describe('VIN check (49 CFR 565.15)', () => {
  it.each(VALID)('accepts %s', (vin) => {
    expect(checkVin(vin, TODAY)).toMatchObject({ ok: true, vin });
  });

  it('reads the model year and, where known, the maker', () => {
    expect(checkVin('1G4AH59H45G118341', TODAY)).toEqual({ ok: true, vin: '1G4AH59H45G118341', modelYear: 2005, maker: 'Buick' });
    expect(checkVin('1G1BN53E6NW128495', TODAY)).toMatchObject({ modelYear: 1992, maker: 'Chevrolet' });
    expect(checkVin('1J9RP1A36A1644345', TODAY)).toMatchObject({ modelYear: 2010, maker: 'Jeep' });
  });

  it('normalises case, spaces and dashes', () => {
    expect(checkVin(' 1g4ah59h45-g118341 ', TODAY)).toMatchObject({ ok: true, vin: '1G4AH59H45G118341' });
  });

  it('catches every single-character change unless the weighted sum happens to collide', () => {
    for (const vin of VALID) {
      for (let position = 0; position < 17; position++) {
        for (const replacement of ALPHABET) {
          if (replacement === vin[position]) continue;
          const changed = vin.slice(0, position) + replacement + vin.slice(position + 1);
          const collides = vinCheckDigit(changed) === changed[8];
          if (!collides) expect(checkVin(changed, TODAY).ok, `${changed}`).toBe(false);
        }
      }
    }
  });

  it('says what is wrong', () => {
    expect(checkVin('1G4AH59H45G11834', TODAY)).toEqual({ ok: false, message: 'A VIN has exactly 17 characters' });
    expect(checkVin('1G4AH59H45G11834O', TODAY)).toEqual({ ok: false, message: 'A VIN never contains the letters I, O or Q' });
    expect(checkVin('1G4AH59H45G11834!', TODAY)).toEqual({ ok: false, message: 'A VIN has only letters and digits' });
    expect(checkVin('1G4AH59H46G118341', TODAY)).toEqual({ ok: false, message: 'This VIN does not add up; check each character' });
  });
});
