/** How offers read on screen. */
export const dollars = (amount: number) => `$${amount.toLocaleString('en-US')}`;

export function vehicleName(vehicle: { modelYear: number; make: string | null }): string {
  return `${vehicle.modelYear} ${vehicle.make ?? 'vehicle'}`;
}
