import { Link } from 'react-router-dom';

/** Under a sale in progress: where to follow its transport, and where to cancel it. */
export function SaleLinks({ id }: { id: string }) {
  return (
    <Link className="button is-text is-small ml-2" to={`/dashboard/active-transactions/track-delivery/${id}`}>
      Delivery and payments
    </Link>
  );
}
