import type { MoneyTimeline } from '../../domain/money-timeline';
import { formatCents } from '../../domain/pricing';

const STATE_TEXT: Record<MoneyTimeline['items'][number]['state'], { label: string; tag: string }> = {
  scheduled: { label: 'To come', tag: 'is-light' },
  pending: { label: 'On its way', tag: 'is-warning is-light' },
  settled: { label: 'Done', tag: 'is-success is-light' },
  returned: { label: 'Returned', tag: 'is-danger is-light' },
  released: { label: 'Done', tag: 'is-success is-light' },
};

const day = (at: string) => new Date(at).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });

/** A party's money: each payment in or out with where it stands, and what the sale's money totals are. */
export function MoneyTimelineView({ money, title = 'Your money' }: { money: MoneyTimeline; title?: string }) {
  if (money.items.length === 0 && money.totals.collected === 0) return null;
  return (
    <section aria-label={title} className="mt-4">
      <h2 className="title is-5">{title}</h2>
      <table className="table is-fullwidth money-timeline">
        <caption className="visually-hidden">{title}</caption>
        <thead>
          <tr>
            <th scope="col">What</th>
            <th scope="col" className="has-text-right">
              Amount
            </th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {money.items.map((item) => (
            <tr key={item.id}>
              <th scope="row">
                {item.label}
                <span className="help">{[item.at && day(item.at), item.note].filter(Boolean).join(' · ')}</span>
              </th>
              <td className="has-text-right">{formatCents(item.cents)}</td>
              <td>
                <span className={`tag ${STATE_TEXT[item.state].tag}`}>{STATE_TEXT[item.state].label}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="help">
        For this sale Caramel holds {formatCents(money.totals.held)}: {formatCents(money.totals.collected)} paid in,{' '}
        {formatCents(money.totals.released)} paid out, {formatCents(money.totals.refunded)} refunded.
      </p>
    </section>
  );
}
