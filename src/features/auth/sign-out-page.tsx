import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { signOut } from '../../data/session';
import { buttonClass } from '../../ui/button';
import { AuthHeading } from './auth-heading';

/**
 * `/sign-out`: signs out on this device (or, with `?scope=everywhere`, on every device) and
 * clears this user's saved data. `done=1` means the account page already did it.
 */
export function Component() {
  const [params] = useSearchParams();
  const everywhere = params.get('scope') === 'everywhere';
  const alreadyDone = params.get('done') === '1';
  const [state, setState] = useState<'working' | 'done' | 'failed'>(alreadyDone ? 'done' : 'working');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (alreadyDone) return;
    signOut(everywhere ? 'everywhere' : 'here')
      .then(() => setState('done'))
      .catch((error: unknown) => {
        console.error('Sign-out failed', error);
        setState('failed');
      });
  }, [alreadyDone, everywhere, attempt]);

  if (state === 'working') {
    return (
      <p aria-busy="true">
        <title>Sign out</title>
        Signing you out…
      </p>
    );
  }
  if (state === 'failed') {
    return (
      <div role="alert">
        <AuthHeading title="Sign-out did not finish">Check your connection, then try again.</AuthHeading>
        <button
          type="button"
          className={buttonClass({})}
          onClick={() => {
            setState('working');
            setAttempt((n) => n + 1);
          }}
        >
          Try again
        </button>
      </div>
    );
  }
  return (
    <div role="status">
      <AuthHeading title="You are signed out">
        {everywhere
          ? 'You are signed out on every device. Each one will ask for your password again.'
          : 'Your saved data was removed from this device.'}
      </AuthHeading>
      <Link to="/sign-in" className={buttonClass({})}>
        Sign in again
      </Link>
    </div>
  );
}
