import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { signOut } from '../../data/session';

/** `/sign-out`: signs out on this device and clears this user's saved data. */
export function Component() {
  const [state, setState] = useState<'working' | 'done' | 'failed'>('working');
  useEffect(() => {
    signOut()
      .then(() => setState('done'))
      .catch((error: unknown) => {
        console.error('Sign-out failed', error);
        setState('failed');
      });
  }, []);

  const title = <title>Sign out</title>;
  if (state === 'working') {
    return (
      <p aria-busy="true">
        {title}
        Signing you out…
      </p>
    );
  }
  if (state === 'failed') {
    return (
      <div role="alert">
        {title}
        <h1 className="title is-4">Sign-out did not finish</h1>
        <p className="mb-4">Check your connection, then try again.</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <div role="status">
      {title}
      <h1 className="title is-4">You are signed out</h1>
      <p className="mb-4">Your saved data was removed from this device.</p>
      <Link to="/sign-in" className="button is-primary">
        Sign in again
      </Link>
    </div>
  );
}
