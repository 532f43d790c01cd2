/**
 * `/dashboard/active-transactions` and `/dashboard/previous-transactions`: the user's
 * transactions from IndexedDB (refreshed from the API on open), each with its current step and
 * a way back into it. Works offline with what was saved.
 */
import { useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { timelinePath } from '../../domain/deal-timeline';
import { formatDollars, vehicleName } from '../../domain/offer-format';
import { saleWords, isFinished } from '../../domain/sale-state';
import { transactionEntry } from '../../domain/transaction-steps';
import { STEP_LABELS } from '../../domain/transaction-steps';
import { FRESHNESS_KEYS, refreshOnce } from '../../data/records/freshness';
import { refreshTransactions } from '../../data/records/transactions';
import { useFreshness } from '../../data/records/use-freshness';
import { FreshnessLine } from '../../ui/freshness-line';
import { useTransactionList } from '../../data/records/use-transactions';
import { Alert } from '../../ui/alert';
import { SaleLinks } from './sale-links';
import { threadPath } from '../../domain/message-contract';

function TransactionsPage({ previous }: { previous: boolean }) {
  const rows = useTransactionList();
  const [search] = useSearchParams();
  const fresh = useFreshness(FRESHNESS_KEYS.transactions);
  useEffect(() => void refreshOnce(FRESHNESS_KEYS.transactions, refreshTransactions).catch(() => undefined), []);
  const shown = rows?.filter((row) => isFinished(row.sale) === previous);
  const savedAt = rows?.length ? Math.min(...rows.map((row) => row.savedAt)) : undefined;
  const heading = previous ? 'Previous transactions' : 'Active transactions';
  return (
    <>
      <title>{heading}</title>
      <h1 className="title">{heading}</h1>
      {search.get('missing') && <Alert kind="warning">That transaction was not found, or it is not yours.</Alert>}
      {savedAt !== undefined && <FreshnessLine savedAt={savedAt} {...fresh} className="mb-3" />}
      {shown === undefined || (!rows?.length && !fresh.answered && !fresh.failed) ? (
        <p aria-busy="true">Loading…</p>
      ) : !rows?.length && fresh.failed ? (
        <Alert kind="warning" title="Your transactions could not be loaded">
          Nothing is saved on this device yet. Connect to the internet and open this page again.
        </Alert>
      ) : shown.length === 0 ? (
        <p>
          {previous
            ? 'No completed transactions yet.'
            : 'No transactions in progress. When an offer is accepted, its transaction starts here.'}{' '}
          {!previous && <Link to="/dashboard/caramel-offers">See your offers</Link>}
        </p>
      ) : (
        <ul className="transaction-list">
          {shown.map((row) => {
            const current = row.steps.find((step) => step.state === 'current');
            const next = row.detail?.next;
            return (
              <li key={row.id} className="box">
                <p className="title is-5 mb-1">{vehicleName(row.vehicle)}</p>
                <p className="mb-2">
                  {formatDollars(row.price)} · you are the {row.side} ·{' '}
                  {saleWords(row.sale, row.side) ?? `next: ${current ? STEP_LABELS[current.step] : 'review'}`}
                </p>
                {!previous && next && <p className="mb-2">{next.text}</p>}
                {previous ? (
                  <Link className="button is-primary is-small" to={`/dashboard/previous-transactions/detail?transaction=${row.id}`}>
                    View<span className="visually-hidden"> {vehicleName(row.vehicle)}</span>
                  </Link>
                ) : (
                  <Link
                    className={`button is-small ${!next || next.who === 'you' ? 'is-primary' : 'is-outlined'}`}
                    to={next?.action?.to ?? transactionEntry(row.id)}
                  >
                    Continue
                    <span className="visually-hidden"> {vehicleName(row.vehicle)}</span>
                  </Link>
                )}
                <Link className="button is-text is-small ml-2" to={timelinePath(row.id)}>
                  Timeline<span className="visually-hidden"> of the {vehicleName(row.vehicle)}</span>
                </Link>
                <Link className="button is-text is-small ml-2" to={threadPath(row.negotiationId)}>
                  Messages<span className="visually-hidden"> about the {vehicleName(row.vehicle)}</span>
                </Link>
                {!previous && <SaleLinks id={row.id} />}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

export function Component() {
  return <TransactionsPage previous={useLocation().pathname.startsWith('/dashboard/previous-transactions')} />;
}
