/** How offers read, in the app and in the mail about them. */
export const formatDollars = (amount: number) => `$${amount.toLocaleString('en-US')}`;

export function vehicleName(vehicle: { modelYear: number; make: string | null; model?: string | null }): string {
  return `${vehicle.modelYear} ${vehicle.make ?? 'vehicle'}${vehicle.model ? ` ${vehicle.model}` : ''}`;
}
