/**
 * Where each party's money stands, in one sentence worked out from the same facts everywhere
 * (STYLE.md rule 17): their money timeline (what the ledger posted and the bank did with it) and
 * the sale's stage (sale-state.ts). "What happens next", the delivery panel and the closed sale's
 * overview all say it with these functions, so one screen never tells two stories.
 */
import type { MoneyItem, MoneyTimeline } from './money-timeline';
import { formatCents } from './pricing';
import { deadlineText, type Sale } from './sale-state';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** The newest item of a release, posted (its id is the journal's key, `release:<id>` or `release:<id>#2` when paid again) or still scheduled. */
function partOf(money: MoneyTimeline, release: string): MoneyItem | undefined {
  const posted = money.items.filter((item) => item.id === `release:${release}` || item.id.startsWith(`release:${release}#`));
  return posted.at(-1) ?? money.items.find((item) => item.id === `scheduled:${release}`);
}

/** What the second half still waits for, at this stage of the sale. */
function restWaits(sale: Sale, timeZone?: string): string {
  if (sale.stage === 'clock running' && sale.releasesAt)
    return `when the buyer confirms delivery, or when their time to check the car ends (${deadlineText(sale.releasesAt, timeZone)}) with no problem raised`;
  if (sale.stage === 'disputed') return 'once Caramel decides the case about the car: it stays held until then';
  return 'once the car is handed over and the buyer confirms delivery (or 48 hours after the handover with no problem raised)';
}

function partWords(item: MoneyItem, waits: string): string {
  const cents = formatCents(item.cents);
  if (item.state === 'settled' || item.state === 'released') return `${cents}, is paid${item.at ? ` (${day(item.at)})` : ''}`;
  if (item.state === 'pending') return `${cents}, is on its way to your bank${item.at ? ` (sent ${day(item.at)})` : ''}`;
  if (item.state === 'returned') return `${cents}, came back from your bank: choose another account to have it paid`;
  return `${cents}, ${waits}`;
}

/** The seller's payout: both parts, as the ledger and the bank have them now. */
export function payoutWords(money: MoneyTimeline, sale: Sale, timeZone?: string): string {
  const first = partOf(money, 'seller payout 1');
  const rest = partOf(money, 'seller payout 2');
  if (!first && !rest) return 'Nothing is paid to you from this sale: the loan payoff takes the price.';
  const paid = (item: MoneyItem | undefined) => !item || item.state === 'settled' || item.state === 'released';
  if (paid(first) && paid(rest))
    return `Your payout is paid: ${[first, rest].flatMap((item) => (item ? [`${formatCents(item.cents)}${item.at ? ` on ${day(item.at)}` : ''}`] : [])).join(' and ')}.`;
  const parts = [
    first && `the first part, ${partWords(first, 'when our title desk has the signed title')}`,
    rest && `the rest, ${partWords(rest, restWaits(sale, timeZone))}`,
  ].filter(Boolean);
  const sentence = parts.join('; ');
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}

/** The buyer's payment: held, then paid out by the rules they agreed (or refunded). */
export function paymentWords(money: MoneyTimeline, sale: Sale, dueCents: number | null, timeZone?: string): string {
  const { held, released, refunded } = money.totals;
  if (held === 0 && refunded > 0 && released === 0) return `${formatCents(refunded)} was refunded to you.`;
  const refund = refunded > 0 ? `; ${formatCents(refunded)} was refunded to you` : '';
  // Released by us, but a bank may still be carrying it: "on its way" in the list below says so too.
  if (held === 0 && released > 0 && money.items.some((item) => item.state === 'pending'))
    return `Your payment is being paid out by the rules you agreed: to the seller, and to the taxes, fees and services it covered${refund}. The banks finish within a few days.`;
  if (held === 0 && released > 0)
    return `Your payment has been paid out by the rules you agreed: the seller, and the taxes, fees and services it covered${refund}.`;
  const amount = held > 0 ? formatCents(held) : dueCents !== null ? formatCents(dueCents) : 'Your payment';
  if (sale.stage === 'clock running' && sale.releasesAt)
    return `${amount} is held until you confirm delivery, or until your time to check the car ends (${deadlineText(sale.releasesAt, timeZone)}).`;
  if (sale.stage === 'disputed') return `${amount} is held until Caramel decides the case about the car.`;
  if (released > 0) return `${amount} is still held: it is paid out once you have the car and confirm delivery.`;
  return `${amount} is held safely: part of it goes to the seller when our title desk has the title, the rest once you have the car and confirm delivery.`;
}
