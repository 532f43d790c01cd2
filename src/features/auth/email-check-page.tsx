import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { finishAutoSignIn } from '../../data/session/sign-in-flow';
import { withReturnTo } from '../../domain/return-target';
import { Alert } from '../../ui/alert';
import { buttonClass } from '../../ui/button';
import { AuthHeading } from './auth-heading';
import { finishSignIn } from './finish-sign-in';

/**
 * `/auth/email-check`: "check your e-mail". For a password reset it never says whether the
 * account exists; after a sign-up confirmed by link (`purpose=sign-up`) it waits while the
 * automatic sign-in polls, and signs the user in here once they open the link.
 */
export function Component() {
  const [params] = useSearchParams();
  const email = params.get('email');
  if (!email) return <Navigate to="/auth/forgot-password" replace />;
  return params.get('purpose') === 'sign-up' ? <AwaitingLink email={email} /> : <ResetCodeSent email={email} />;
}

function ResetCodeSent({ email }: { email: string }) {
  const query = `?email=${encodeURIComponent(email)}`;
  return (
    <>
      <AuthHeading title="Check your e-mail">
        If <strong>{email}</strong> has an account, we sent it a 6-digit code. It can take a minute to arrive; check your spam folder too.
      </AuthHeading>
      <Link to={`/auth/reset-password${query}`} className={buttonClass({ fullWidth: true })}>
        Enter the code
      </Link>
      <p className="mt-5 has-text-centered">
        Wrong address or no e-mail? <Link to={`/auth/forgot-password${query}`}>Send it again</Link>
      </p>
    </>
  );
}

function AwaitingLink({ email }: { email: string }) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    let current = true;
    finishAutoSignIn(email)
      .then(async (outcome) => {
        if (!current) return;
        if (outcome.kind !== 'done') return navigate(withReturnTo('/sign-in', search), { replace: true });
        await finishSignIn(navigate, search);
      })
      .catch((error: unknown) => {
        console.error('Automatic sign-in after the e-mail link did not finish', error);
        if (current) setGaveUp(true);
      });
    return () => {
      current = false;
    };
  }, [email, navigate, search]);

  return (
    <>
      <AuthHeading title="Check your e-mail">
        We sent a link to <strong>{email}</strong>. Open it to confirm your address
        {gaveUp ? '.' : ' and we will sign you in here automatically.'}
      </AuthHeading>
      {/* SPEC §8: the automatic sign-in is gone (a reload ends it, and it stops polling after 3 minutes). */}
      {gaveUp && <Alert kind="info">Please use your credentials to sign in</Alert>}
      {gaveUp ? (
        <Link to={withReturnTo(`/sign-in?email=${encodeURIComponent(email)}`, search)} className={buttonClass({ fullWidth: true })}>
          I opened the link — sign in
        </Link>
      ) : (
        <p role="status" aria-busy="true" className="has-text-grey-dark">
          Waiting for you to open the link…
        </p>
      )}
    </>
  );
}
