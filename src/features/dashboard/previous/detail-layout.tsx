/**
 * `/dashboard/previous-transactions/detail?transaction={id}` (guard transaction): a closed sale,
 * read from IndexedDB, with its tabs — overview, reports, financing, insurance, transport, care
 * (and the care plan's terms) — each a route of its own under this one.
 */
import { useEffect, useRef } from 'react';
import { Link, NavLink, Outlet, useLocation, useOutletContext, useSearchParams } from 'react-router-dom';
import { useTransaction } from '../../../data/records/use-transactions';
import { formatDollars, vehicleName } from '../../../domain/offer-format';
import { saleWords } from '../../../domain/sale-state';
import type { TransactionDetail } from '../../../domain/transaction-contract';
import { Alert } from '../../../ui/alert';

const BASE = '/dashboard/previous-transactions/detail';
const TABS = [
  ['', 'Overview'],
  ['/reports', 'Reports'],
  ['/financing', 'Financing'],
  ['/insurance', 'Insurance'],
  ['/transport', 'Transport'],
  ['/care', 'Care'],
] as const;

export const useClosedTransaction = () => useOutletContext<TransactionDetail>();

/** The tab row; on a phone it scrolls sideways, so the open tab is brought into view. */
function DetailTabs({ id }: { id: string }) {
  const row = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    row.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <nav className="detail-tabs" aria-label="This sale" ref={row}>
      <ul>
        {TABS.map(([path, label]) => (
          <li key={path}>
            <NavLink to={`${BASE}${path}?transaction=${id}`} end={path === ''}>
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Component() {
  const [search] = useSearchParams();
  const id = search.get('transaction') ?? undefined;
  const row = useTransaction(id);
  if (row === undefined) return <p aria-busy="true">Loading…</p>;
  if (!row?.detail)
    return (
      <Alert kind="warning" title="This transaction is not saved on this device">
        Connect to the internet and open it again; it will then be available offline too.{' '}
        <Link to="/dashboard/previous-transactions">Previous transactions</Link>
      </Alert>
    );
  const { detail } = row;
  const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'long' });
  const ended = detail.cancelledAt
    ? `cancelled ${day(detail.cancelledAt)}`
    : detail.sale.closedAt
      ? `closed ${day(detail.sale.closedAt)}`
      : (saleWords(detail.sale, detail.side) ?? 'not closed yet');
  return (
    <section aria-labelledby="closed-heading">
      <p className="mb-2">
        <Link to="/dashboard/previous-transactions">Previous transactions</Link>
      </p>
      <h1 id="closed-heading" className="title mb-2">
        {vehicleName(detail.vehicle)}
      </h1>
      <p className="mb-4">
        {formatDollars(detail.price)} · you were the {detail.side}
        {` · ${ended}`}
      </p>
      <DetailTabs id={detail.id} />
      <Outlet context={detail} />
    </section>
  );
}
