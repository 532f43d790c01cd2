import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { identityService } from '../../data/session/session';
import { finishAutoSignIn } from '../../data/session/sign-in-flow';
import { withReturnTo } from '../../domain/return-target';
import { AuthHeading } from './auth-heading';
import { CodeForm } from './code-form';
import { readably } from './identity-failure';
import { finishSignIn } from './finish-sign-in';

/**
 * `/auth/email-verification`: the sign-up code from the e-mail. With the code confirmed, the
 * automatic sign-in of SPEC §4.5 finishes; after a reload (when Amplify no longer holds the
 * password) the user signs in by hand.
 */
export function Component() {
  const [params] = useSearchParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const email = params.get('email') ?? '';
  if (!email) return <Navigate to="/sign-up" replace />;

  async function confirm(code: string) {
    const identity = await identityService();
    const result = await readably('confirm-code', () => identity.confirmSignUp({ username: email, confirmationCode: code }));
    if (result.nextStep.signUpStep === 'COMPLETE_AUTO_SIGN_IN') {
      const outcome = await readably('sign-in', () => finishAutoSignIn(email)).catch(() => null);
      if (outcome?.kind === 'done') {
        await finishSignIn(navigate, search);
        return;
      }
    }
    navigate(withReturnTo(`/sign-in?notice=email-confirmed&email=${encodeURIComponent(email)}`, search), { replace: true });
  }

  async function resend() {
    const identity = await identityService();
    await readably('confirm-code', () => identity.resendSignUpCode({ username: email }));
  }

  return (
    <>
      <AuthHeading title="Confirm your e-mail">
        We sent a 6-digit code to <strong>{email}</strong>. Enter it here to confirm the address is yours.
      </AuthHeading>
      <CodeForm label="Confirmation code" submitLabel="Confirm e-mail" onCode={confirm} onResend={resend}>
        <p className="mt-4 has-text-centered">
          Wrong address? <Link to="/sign-up">Start again</Link>
        </p>
      </CodeForm>
    </>
  );
}
