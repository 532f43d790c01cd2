import { useEffect } from 'react';
import { useRevalidator } from 'react-router-dom';
import { ErrorLayout } from '../ui/layout/error-layout';

/** How often the page asks again by itself. */
const ASK_AGAIN_MS = 5_000;

/**
 * For a page our side could not serve for a moment (503, 502, 504: the database restarting, a
 * deploy under way): nothing is wrong with what the person did, so it says so, and asks again by
 * itself until the page loads.
 */
export function ServerBusyScreen({ message }: { message: string }) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (revalidator.state === 'idle' && navigator.onLine) void revalidator.revalidate();
    }, ASK_AGAIN_MS);
    return () => clearInterval(timer);
  }, [revalidator]);
  return (
    <ErrorLayout>
      <title>One moment</title>
      <h1 className="title is-3">One moment</h1>
      <p className="mb-2">{message}</p>
      <p className="mb-5" role="status">
        {revalidator.state === 'loading' ? 'Trying again…' : 'This page tries again by itself.'}
      </p>
      <button type="button" className="button is-primary" onClick={() => void revalidator.revalidate()}>
        Try again now
      </button>
    </ErrorLayout>
  );
}
