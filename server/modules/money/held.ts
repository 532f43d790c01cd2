/** What of the seller's payout is still held for delivery: the most a dispute's partial refund may take from it. */
import type { Database } from '../../db/client';
import type { Tx } from '../../kernel/event-log';
import type { Providers } from '../../providers/providers';
import { dealMoney } from './deal-money';
import { journalsOf } from './ledger';

export async function heldForSeller(db: Database | Tx, providers: Providers, dealId: string): Promise<number> {
  const { plan } = await dealMoney(db, providers, dealId);
  const release = plan.releases.find((candidate) => candidate.id === 'seller payout 2');
  if (!release) return 0;
  const posted = await journalsOf(db, dealId);
  return posted.some((journal) => journal.reason === 'seller payout 2') ? 0 : release.cents;
}
