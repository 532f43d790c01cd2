/**
 * Vehicle history and specification by VIN (SPEC §2.10). Real history providers answer a lookup
 * at once; the sandbox is deterministic from the VIN's serial number (its last six characters),
 * so people and tests can reach each case (docs/sandboxes.md):
 * - a serial ending in 0 carries a salvage title brand;
 * - an odd serial has an open recall;
 * - the serial's fifth character, mod 3, is the number of accidents on record;
 * - the last odometer reading on record is the listed mileage less 2,500 miles, so an odometer
 *   photo reading lower than that is a rollback for the title desk.
 */
import type { VehicleHistory, VehicleReports, VehicleSpecification } from '../../src/domain/vehicle-reports';

export interface VehicleReportProvider {
  reports(vehicle: { vin: string; modelYear: number; make: string | null; mileage: number }, today?: Date): VehicleReports;
}

const BODIES = ['Sedan', 'SUV', 'Pickup', 'Coupe', 'Hatchback', 'Minivan'];
const ENGINES = ['2.5 L 4-cylinder', '3.6 L V6', '5.3 L V8', '2.0 L turbo 4-cylinder', 'Electric motor', '1.8 L 4-cylinder hybrid'];
const DRIVETRAINS = ['Front-wheel drive', 'All-wheel drive', 'Rear-wheel drive', 'Four-wheel drive'];

const code = (text: string) => [...text].reduce((sum, char) => sum + char.charCodeAt(0), 0);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const monthsAgo = (today: Date, months: number) => new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - months, 15));

/** The history on record for the listed mileage: the sandbox rules above. */
export function sandboxHistory(vehicle: { vin: string; modelYear: number; mileage: number }, today = new Date()): VehicleHistory {
  const serial = vehicle.vin.slice(-6);
  const number = code(serial);
  const lastReportedMiles = Math.max(0, vehicle.mileage - 2_500);
  const ageMonths = Math.max(12, (today.getUTCFullYear() - vehicle.modelYear) * 12);
  const readings = [
    { months: ageMonths - 12, miles: Math.round(lastReportedMiles * 0.15), source: 'State inspection' },
    { months: Math.round(ageMonths / 2), miles: Math.round(lastReportedMiles * 0.55), source: 'Service record' },
    { months: 2, miles: lastReportedMiles, source: 'Title registration' },
  ];
  const accidents = Number.parseInt(serial[4] ?? '0', 36) % 3;
  return {
    vin: vehicle.vin,
    titleBrands: serial.endsWith('0') ? ['Salvage'] : [],
    accidents: Array.from({ length: accidents }, (_, index) => ({
      date: isoDay(monthsAgo(today, 30 + index * 14)),
      severity: index === 0 ? 'minor' : 'moderate',
      description: index === 0 ? 'Rear bumper damage, repaired' : 'Front-end collision, airbags did not deploy',
    })),
    odometerReadings: readings.map((reading) => ({
      date: isoDay(monthsAgo(today, reading.months)),
      miles: reading.miles,
      source: reading.source,
    })),
    owners: 1 + (number % 3),
    openRecalls:
      number % 2 === 1
        ? [
            {
              campaign: `${vehicle.modelYear}V${String(number % 900).padStart(3, '0')}`,
              component: 'Air bags',
              summary: 'The passenger air bag inflator may rupture; a dealer replaces it free of charge.',
            },
          ]
        : [],
    lastReportedMiles,
    reportedAt: today.toISOString(),
  };
}

function specification(vehicle: { vin: string; modelYear: number; make: string | null }): VehicleSpecification {
  const descriptor = vehicle.vin.slice(3, 8);
  const engine = ENGINES[code(vehicle.vin[7] ?? '') % ENGINES.length]!;
  return {
    vin: vehicle.vin,
    modelYear: vehicle.modelYear,
    make: vehicle.make,
    bodyStyle: BODIES[code(descriptor) % BODIES.length]!,
    engine,
    drivetrain: DRIVETRAINS[code(vehicle.vin.slice(6, 7)) % DRIVETRAINS.length]!,
    fuel: engine.startsWith('Electric') ? 'Electric' : engine.includes('hybrid') ? 'Hybrid' : 'Gasoline',
  };
}

export const sandboxVehicleReports: VehicleReportProvider = {
  reports: (vehicle, today) => ({ history: sandboxHistory(vehicle, today), specification: specification(vehicle) }),
};
