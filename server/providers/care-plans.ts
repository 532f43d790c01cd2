/**
 * Caramel Care protection plans offered for a vehicle. The sandbox prices each plan from the
 * vehicle's age and mileage (older, higher-mileage cars cost more to cover).
 */
export interface CarePlan {
  id: string;
  name: string;
  summary: string;
  coverage: string[];
  termMonths: number;
  termMiles: number;
  priceDollars: number;
}

export interface CarePlans {
  plansFor(vehicle: { modelYear: number; mileage: number }, today?: Date): CarePlan[];
}

const BASE = [
  {
    id: 'powertrain',
    name: 'Caramel Care Powertrain',
    summary: 'The parts that make the car go.',
    coverage: ['Engine', 'Transmission', 'Drive axles', 'Roadside assistance'],
    termMonths: 24,
    termMiles: 24_000,
    priceDollars: 890,
  },
  {
    id: 'plus',
    name: 'Caramel Care Plus',
    summary: 'Powertrain plus the systems that fail most often.',
    coverage: ['Everything in Powertrain', 'Air conditioning', 'Steering and suspension', 'Brakes (non-wear parts)', 'Rental car'],
    termMonths: 36,
    termMiles: 36_000,
    priceDollars: 1_490,
  },
  {
    id: 'complete',
    name: 'Caramel Care Complete',
    summary: 'Bumper-to-bumper cover, wear items aside.',
    coverage: ['Everything in Plus', 'Electrical and electronics', 'Infotainment and sensors', 'Trip interruption'],
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
