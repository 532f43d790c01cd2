import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { hostedSignOutUrl, signOut } from '../../data/session/session';
import { runningUploadCount } from '../../data/device/uploads';
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
  const [state, setState] = useState<'checking' | 'warning' | 'working' | 'done' | 'failed' | 'hosted-stuck'>(
    alreadyDone ? 'done' : 'checking',
  );
  const [running, setRunning] = useState(0);
  const [attempt, setAttempt] = useState(0);

  // Uploads still going are cancelled by signing out: say so first (DESIGN.md §4 shared devices).
  useEffect(() => {
    if (state !== 'checking') return;
    runningUploadCount().then(
      (count) => {
        setRunning(count);
        setState(count > 0 ? 'warning' : 'working');
      },
      () => setState('working'),
    );
  }, [state]);

  const signing = state === 'working';
  useEffect(() => {
    if (alreadyDone || !signing) return;
    signOut(everywhere ? 'everywhere' : 'here')
      .then(() => setState('done'))
      .catch((error: unknown) => {
        console.error('Sign-out failed', error);
        setState((error as Error).name === 'SignOutTimeout' ? 'hosted-stuck' : 'failed');
      });
  }, [alreadyDone, everywhere, attempt, signing]);

  if (state === 'warning') {
    return (
      <div role="alert">
        <AuthHeading title={`${running} ${running === 1 ? 'upload is' : 'uploads are'} still running`}>
          Signing out cancels {running === 1 ? 'it' : 'them'} and removes {running === 1 ? 'it' : 'them'} from this device; you would have
          to choose {running === 1 ? 'the file' : 'the files'} again.
        </AuthHeading>
        <div className="buttons">
          <Link to="/dashboard/active-transactions/upload-docs" className={buttonClass({})}>
            Keep uploading
          </Link>
          <button type="button" className={buttonClass({ variant: 'outlined' })} onClick={() => setState('working')}>
            Sign out and cancel uploads
          </button>
        </div>
      </div>
    );
  }
  if (state === 'working' || state === 'checking') {
    return (
      <p aria-busy="true">
        <title>Sign out</title>
        Signing you out…
      </p>
    );
  }
  if (state === 'hosted-stuck') {
    // Signed out on this device; the hosted sign-in's page did not open, so its session may remain (SPEC §8, §9).
    return (
      <div role="alert">
        <AuthHeading title="Sign-out did not finish">Signout timeout fail</AuthHeading>
        <p className="mb-4">
          You are signed out on this device, but the sign-in page did not open to end your Google, Apple or Facebook session there.
        </p>
        <a href={hostedSignOutUrl() ?? '/sign-in'} className={buttonClass({})}>
          Finish signing out
        </a>
      </div>
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
