/** How offers read, in the app and in the mail about them. */
import type { DashboardCounts } from './offer-contract';
export const formatDollars = (amount: number) => `$${amount.toLocaleString('en-US')}`;

export function vehicleName(vehicle: { modelYear: number; make: string | null; model?: string | null }): string {
  return `${vehicle.modelYear} ${vehicle.make ?? 'vehicle'}${vehicle.model ? ` ${vehicle.model}` : ''}`;
}

/** "a 2005 Buick", "an 1890 Benz": a vehicle named where English wants an article before it. */
export function aVehicle(name: string): string {
  // Said aloud, "8…", "11…" and "18…" open with a vowel (an 8, an 11, an 1890 …).
  return /^(8|11|18|[aeiou])/i.test(name) ? `an ${name}` : `a ${name}`;
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What the account holds, in words: "1 open offer and 1 sale in progress". */
export function holdings(counts: DashboardCounts): string | null {
  const parts = [
    counts.offers.total && counted(counts.offers.total, 'open offer', 'open offers'),
    counts.activeTransactions.total && counted(counts.activeTransactions.total, 'sale in progress', 'sales in progress'),
    counts.previousTransactions.total && counted(counts.previousTransactions.total, 'finished sale', 'finished sales'),
  ].filter(Boolean);
  return parts.length ? parts.join(' and ').replace(/ and (?=.* and )/, ', ') : null;
}
