/**
 * Vehicle identification numbers, North American rules (49 CFR 565.15): 17 characters, no I,
 * O or Q, and position 9 a check digit over the other 16. The model year comes from position
 * 10 and the maker, where we know it, from the world manufacturer identifier (positions 1-3).
 */
/** Letter values as the regulation lists them (I, O and Q never appear in a VIN). */
const TRANSLITERATION: Record<string, number> = Object.fromEntries(
  'A1 B2 C3 D4 E5 F6 G7 H8 J1 K2 L3 M4 N5 P7 R9 S2 T3 U4 V5 W6 X7 Y8 Z9'.split(' ').map((pair) => [pair[0]!, Number(pair[1])]),
);
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** Year codes in their 30-year cycle, starting 1980 (A) and again 2010 (A). */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/** World manufacturer identifiers we name; the VIN is still valid when its WMI is not here. */
const MAKERS: Record<string, string> = {
  '1G1': 'Chevrolet',
  '1GC': 'Chevrolet',
  '1GT': 'GMC',
  '1G4': 'Buick',
  '1G6': 'Cadillac',
  '2G1': 'Chevrolet',
  '1FA': 'Ford',
  '1FT': 'Ford',
  '1FM': 'Ford',
  '2FM': 'Ford',
  '3FA': 'Ford',
  '1LN': 'Lincoln',
  '1C4': 'Chrysler',
  '1C6': 'Ram',
  '2C3': 'Chrysler',
  '1J4': 'Jeep',
  '1J8': 'Jeep',
  '1J9': 'Jeep',
  '1B3': 'Dodge',
  '2B3': 'Dodge',
  '1HG': 'Honda',
  '2HG': 'Honda',
  '5FN': 'Honda',
  '19X': 'Honda',
  JHM: 'Honda',
  '19U': 'Acura',
  JH4: 'Acura',
  '4T1': 'Toyota',
  '4T3': 'Toyota',
  '5TD': 'Toyota',
  '5TF': 'Toyota',
  JTD: 'Toyota',
  JTE: 'Toyota',
  '2T1': 'Toyota',
  JTH: 'Lexus',
  '2T2': 'Lexus',
  '1N4': 'Nissan',
  '3N1': 'Nissan',
  '5N1': 'Nissan',
  JN1: 'Nissan',
  JN8: 'Nissan',
  KMH: 'Hyundai',
  '5NP': 'Hyundai',
  KNA: 'Kia',
  KND: 'Kia',
  '5XY': 'Kia',
  JF1: 'Subaru',
  JF2: 'Subaru',
  '4S3': 'Subaru',
  '4S4': 'Subaru',
  JM1: 'Mazda',
  JM3: 'Mazda',
  WBA: 'BMW',
  WBS: 'BMW',
  '5UX': 'BMW',
  WDD: 'Mercedes-Benz',
  WDC: 'Mercedes-Benz',
  '4JG': 'Mercedes-Benz',
  W1K: 'Mercedes-Benz',
  WAU: 'Audi',
  WA1: 'Audi',
  WVW: 'Volkswagen',
  '3VW': 'Volkswagen',
  '1VW': 'Volkswagen',
  WP0: 'Porsche',
  WP1: 'Porsche',
  '5YJ': 'Tesla',
  '7SA': 'Tesla',
  YV1: 'Volvo',
  YV4: 'Volvo',
  SAL: 'Land Rover',
  SAJ: 'Jaguar',
  ZFF: 'Ferrari',
};

export type VinCheck = { ok: true; vin: string; modelYear: number; maker: string | null } | { ok: false; message: string };

/** The check digit a VIN's other 16 characters call for ('0'-'9' or 'X'). */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let index = 0; index < 17; index++) {
    const char = vin[index]!;
    const value = /\d/.test(char) ? Number(char) : TRANSLITERATION[char];
    sum += (value ?? 0) * WEIGHTS[index]!;
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/**
 * The model year for position 10. Codes repeat every 30 years; position 7 tells the cycles apart
 * for light vehicles (a letter there means 2010-2039, a digit 1980-2009), and no year beyond
 * next year is possible.
 */
export function vinModelYear(vin: string, today: Date = new Date()): number | null {
  const index = YEAR_CODES.indexOf(vin[9]!);
  if (index < 0) return null;
  const latest = today.getFullYear() + 1;
  const candidates = [1980 + index, 2010 + index, 2040 + index].filter((year) => year <= latest);
  const cycle = /[A-Z]/.test(vin[6]!) ? candidates.filter((year) => year >= 2010) : candidates.filter((year) => year < 2010);
  return cycle.pop() ?? null;
}

export function checkVin(input: string, today: Date = new Date()): VinCheck {
  const vin = input.trim().toUpperCase().replace(/[\s-]/g, '');
  if (vin.length !== 17) return { ok: false, message: 'A VIN has exactly 17 characters' };
  if (/[IOQ]/.test(vin)) return { ok: false, message: 'A VIN never contains the letters I, O or Q' };
  if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(vin)) return { ok: false, message: 'A VIN has only letters and digits' };
  if (vinCheckDigit(vin) !== vin[8]) return { ok: false, message: 'This VIN does not add up; check each character' };
  const modelYear = vinModelYear(vin, today);
  if (modelYear === null) return { ok: false, message: 'The model-year character (10th) is not valid' };
  return { ok: true, vin, modelYear, maker: MAKERS[vin.slice(0, 3)] ?? null };
}

/** Why a checked VIN cannot be the vehicle a person described, or undefined when it can be. */
export function vinMismatch(vin: { modelYear: number; maker: string | null }, described: { modelYear: number; make: string }) {
  if (vin.modelYear !== described.modelYear) return `This VIN is for a ${vin.modelYear} model; check the year or the VIN`;
  if (vin.maker && vin.maker.toLowerCase() !== described.make.trim().toLowerCase())
    return `This VIN is for a ${vin.maker}; check the make or the VIN`;
  return undefined;
}
