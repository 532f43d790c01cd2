/**
 * `/dashboard/disputes` (admins): every case a buyer raised about a delivered car, the open ones
 * first, each leading to its evidence and its decision.
 */
import { Link } from 'react-router-dom';
import { fetchCases } from '../../data/delivery';
import { useApiAnswer } from '../../data/use-api-answer';
import { DISPUTE_STATUS_LABELS } from '../../domain/delivery';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { PageMeta } from '../../ui/page-meta';

const when = (at: string) => new Date(at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function Component() {
  const list = useApiAnswer(fetchCases, [], { followLive: true });
  const meta = <PageMeta title="Disputes" description="Problems buyers raised about delivered cars." />;
  if (list.problem && 'status' in list.problem && list.problem.status === 403)
    return (
      <section>
        {meta}
        <h1 className="title">Disputes</h1>
        <Alert kind="warning">Only an admin can see disputes.</Alert>
      </section>
    );
  return (
    <section aria-labelledby="disputes-heading">
      {meta}
      <h1 id="disputes-heading" className="title">
        Disputes
      </h1>
      <p className="mb-4">
        A buyer can raise a problem with the car until their time after the handover ends. The money still held stays held until you decide.
      </p>
      {list.problem && (
        <Alert kind="danger" title="The disputes could not be loaded">
          <p className="mb-2">{list.problem.message}</p>
          <Button size="small" variant="outlined" onClick={() => void list.reload()}>
            Try again
          </Button>
        </Alert>
      )}
      {!list.answer && !list.problem && <p role="status">Loading disputes…</p>}
      {list.answer && list.answer.disputes.length === 0 && <p>No buyer has raised a problem.</p>}
      {list.answer && list.answer.disputes.length > 0 && (
        <ul className="transaction-list">
          {list.answer.disputes.map((item) => (
            <li key={item.id} className="box">
              <Link to={`/dashboard/disputes/${item.id}`} className="has-text-weight-semibold">
                {item.vehicle}: {item.reason}
              </Link>
              <p className="help">
                {DISPUTE_STATUS_LABELS[item.status]} · raised <time dateTime={item.raisedAt}>{when(item.raisedAt)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
