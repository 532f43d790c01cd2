import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { buttonClass } from '../../ui/button';
import { AuthHeading } from './auth-heading';

/** `/auth/email-check`: "check your e-mail", worded so it never says whether the account exists. */
export function Component() {
  const [params] = useSearchParams();
  const email = params.get('email');
  if (!email) return <Navigate to="/auth/forgot-password" replace />;
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
