/**
 * Caramel Care protection plans offered for a vehicle. The sandbox prices each plan from the
 * vehicle's age and mileage (older, higher-mileage cars cost more to cover).
 */
import type { CarePlan } from '../../src/domain/transaction-contract';

export interface CarePlans {
  plansFor(vehicle: { modelYear: number; mileage: number }, today?: Date): CarePlan[];
}

const POWERTRAIN = ['Engine', 'Transmission', 'Drive axles', 'Roadside assistance'];
const PLUS = [...POWERTRAIN, 'Air conditioning', 'Steering and suspension', 'Brakes (non-wear parts)', 'Rental car'];
const COMPLETE = [...PLUS, 'Electrical and electronics', 'Infotainment and sensors', 'Trip interruption'];

// Each plan lists every part it covers (the comparison reads that); its card shows the highlights.
const BASE: CarePlan[] = [
  {
    id: 'powertrain',
    name: 'Caramel Care Powertrain',
    summary: 'The parts that make the car go.',
    highlights: POWERTRAIN,
    coverage: POWERTRAIN,
    termMonths: 24,
    termMiles: 24_000,
    priceDollars: 890,
  },
  {
    id: 'plus',
    name: 'Caramel Care Plus',
    summary: 'Powertrain plus the systems that fail most often.',
    highlights: ['Everything in Powertrain', ...PLUS.slice(POWERTRAIN.length)],
    coverage: PLUS,
    termMonths: 36,
    termMiles: 36_000,
    priceDollars: 1_490,
  },
  {
    id: 'complete',
    name: 'Caramel Care Complete',
    summary: 'Bumper-to-bumper cover, wear items aside.',
    highlights: ['Everything in Plus', ...COMPLETE.slice(PLUS.length)],
    coverage: COMPLETE,
    termMonths: 48,
    termMiles: 48_000,
    priceDollars: 2_190,
  },
];

export const sandboxCarePlans: CarePlans = {
  plansFor(vehicle, today = new Date()) {
    const age = Math.max(0, today.getUTCFullYear() - vehicle.modelYear);
    const factor = 1 + Math.min(age, 12) * 0.04 + Math.min(vehicle.mileage, 150_000) / 500_000;
    return BASE.map((plan) => ({ ...plan, priceDollars: Math.round((plan.priceDollars * factor) / 10) * 10 }));
  },
};
