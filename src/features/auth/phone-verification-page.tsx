import { Link, useLocation, useNavigate } from 'react-router-dom';
import { identityService } from '../../data/session/session';
import { returnTarget } from '../../domain/return-target';
import { showToast } from '../../ui/toast-store';
import { AuthHeading } from './auth-heading';
import { CodeForm } from './code-form';
import { readably } from './identity-failure';
import { useCachedProfile } from './use-cached-profile';

/** `/auth/phone-verification` (auth): the code texted to the user's mobile. */
export function Component() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const { profile } = useCachedProfile();
  const done = returnTarget(search);

  async function confirm(code: string) {
    const identity = await identityService();
    await readably('confirm-code', () => identity.confirmUserAttribute({ userAttributeKey: 'phone_number', confirmationCode: code }));
    showToast('Your mobile number is verified.', 'success');
    navigate(done, { replace: true });
  }

  async function resend() {
    const identity = await identityService();
    await readably('account', () => identity.sendUserAttributeVerificationCode({ userAttributeKey: 'phone_number' }));
  }

  return (
    <>
      <AuthHeading title="Verify your mobile">
        We texted a 6-digit code to <strong>{profile?.mobile ?? 'your mobile'}</strong>.
      </AuthHeading>
      <CodeForm label="Code from the text message" submitLabel="Verify mobile" onCode={confirm} onResend={resend}>
        <p className="mt-4 has-text-centered">
          <Link to={done}>Skip for now</Link> — you can verify it later from your account.
        </p>
      </CodeForm>
    </>
  );
}
