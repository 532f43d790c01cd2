import { Link } from 'react-router-dom';
import { ErrorLayout } from '../ui/layout/error-layout';

const AVAILABLE_OFFLINE = [
  { to: '/', label: 'Home' },
  { to: '/how-it-works', label: 'How it works' },
  { to: '/help', label: 'Help' },
  { to: '/learn-more', label: 'Guides' },
  { to: '/legal', label: 'Legal' },
] as const;

/** For a page that needs the network while there is none: what is available instead. */
export function OfflineScreen() {
  return (
    <ErrorLayout>
      <title>You are offline</title>
      <h1 className="title is-3">You are offline</h1>
      <p className="mb-4">This page needs a connection. It will work again as soon as you are back online.</p>
      <p className="mb-2">These pages work offline:</p>
      <ul className="mb-5">
        {AVAILABLE_OFFLINE.map((page) => (
          <li key={page.to}>
            <Link to={page.to}>{page.label}</Link>
          </li>
        ))}
      </ul>
      <button type="button" className="button is-primary" onClick={() => window.location.reload()}>
        Try again
      </button>
    </ErrorLayout>
  );
}
