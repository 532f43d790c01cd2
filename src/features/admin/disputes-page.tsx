/**
 * `/dashboard/disputes` (admins): every case a buyer raised about a delivered car, the open ones
 * first, each leading to its evidence and its decision.
 */
import { Link } from 'react-router-dom';
import { fetchCases } from '../../data/api/delivery';
import { useApiAnswer } from '../../data/records/use-api-answer';
import { DISPUTE_STATUS_LABELS } from '../../domain/delivery';
import { formatDollars } from '../../domain/offer-format';
import { AdminPage } from '../../ui/admin-page';

const when = (at: string) => new Date(at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function Component() {
  const list = useApiAnswer(fetchCases, [], { followLive: true });
  return (
    <AdminPage
      title="Disputes"
      description="Problems buyers raised about delivered cars."
      what="disputes"
      intro="A buyer can raise a problem with the car until their time after the handover ends. The money still held stays held until you decide."
      state={list}
    >
      {list.answer?.disputes.length === 0 && <p>No buyer has raised a problem.</p>}
      {list.answer && list.answer.disputes.length > 0 && (
        <ul className="transaction-list">
          {list.answer.disputes.map((item) => (
            <li key={item.id} className="box">
              <Link to={`/dashboard/disputes/${item.id}`} className="has-text-weight-semibold">
                {item.vehicle}: {item.reason}
              </Link>
              <p className="help">
                {formatDollars(item.priceDollars)} · {DISPUTE_STATUS_LABELS[item.status]} · raised{' '}
                <time dateTime={item.raisedAt}>{when(item.raisedAt)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
