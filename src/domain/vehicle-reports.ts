/**
 * The vehicle reports both parties read (SPEC §2.10 vehicle history, specification): what the
 * history provider knows about a VIN, and what the VIN itself says about the car. Typed once here;
 * the server builds them, the app shows them and keeps them offline with the transaction.
 */
import * as z from 'zod/mini';

export const vehicleHistorySchema = z.object({
  vin: z.string(),
  titleBrands: z.array(z.string()),
  accidents: z.array(z.object({ date: z.string(), severity: z.enum(['minor', 'moderate', 'severe']), description: z.string() })),
  odometerReadings: z.array(z.object({ date: z.string(), miles: z.number(), source: z.string() })),
  owners: z.number(),
  openRecalls: z.array(z.object({ campaign: z.string(), component: z.string(), summary: z.string() })),
  /** The highest reading on record: an odometer showing less points to a rollback. */
  lastReportedMiles: z.number(),
  reportedAt: z.string(),
});
export type VehicleHistory = z.infer<typeof vehicleHistorySchema>;

export const vehicleSpecificationSchema = z.object({
  vin: z.string(),
  modelYear: z.number(),
  make: z.nullable(z.string()),
  bodyStyle: z.string(),
  engine: z.string(),
  drivetrain: z.string(),
  fuel: z.string(),
});
export type VehicleSpecification = z.infer<typeof vehicleSpecificationSchema>;

export const vehicleReportsSchema = z.object({ history: vehicleHistorySchema, specification: vehicleSpecificationSchema });
export type VehicleReports = z.infer<typeof vehicleReportsSchema>;
