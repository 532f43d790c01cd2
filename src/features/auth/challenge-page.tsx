import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { answerChallenge, clearSignInFlow, signInFlow, type ChallengeStep, type MfaType } from '../../data/session/sign-in-flow';
import { identityErrorMessage } from '../../domain/auth-errors';
import { BRAND } from '../../domain/brand';
import { unmetPasswordRules } from '../../domain/password-policy';
import { withReturnTo } from '../../domain/return-target';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { RadioGroup } from '../../ui/form/choice-fields';
import { OtpInput } from '../../ui/form/otp-input';
import { PasswordField } from '../../ui/form/password-field';
import { PasswordRules } from '../../ui/form/password-rules';
import { TextField } from '../../ui/form/text-field';
import { AuthHeading } from './auth-heading';
import { finishSignIn } from './finish-sign-in';
import { TotpSetupInstructions } from './totp-setup';

const MFA_LABELS: Record<MfaType, string> = {
  TOTP: 'Authenticator app',
  SMS: 'Text message (SMS)',
  EMAIL: 'E-mail',
};

function headingFor(step: ChallengeStep): { title: string; intro: string } {
  switch (step.kind) {
    case 'code':
      return step.method === 'TOTP'
        ? {
            title: 'Enter your authenticator code',
            intro: `Open your authenticator app and type the 6-digit code it shows for ${BRAND.name}.`,
          }
        : { title: 'Enter your verification code', intro: `We sent a 6-digit code to ${step.destination ?? 'you'}.` };
    case 'select-mfa':
      return { title: 'Choose how to verify', intro: 'Your account has more than one second step. Which one do you want to use now?' };
    case 'setup-mfa':
      return { title: 'Set up a second step', intro: 'Your account needs a second step at sign-in. Choose one to set up.' };
    case 'totp-setup':
      return { title: 'Set up your authenticator app', intro: 'Your account needs an authenticator app at sign-in.' };
    case 'email-setup':
      return { title: 'Add an e-mail for codes', intro: 'Enter the e-mail address that should receive your sign-in codes.' };
    case 'new-password':
      return { title: 'Choose a new password', intro: 'Your account was set up with a temporary password. Choose your own to continue.' };
    case 'custom':
      return { title: 'One more step', intro: step.prompt || 'Answer the question to finish signing in.' };
  }
}

/**
 * `/auth/confirmation-code`: whichever challenge the user pool asked for after the password
 * (SPEC §4.5). Each answer may lead to another step; the last one signs the user in.
 */
export function Component() {
  const { step, email } = useSnapshot(signInFlow);
  const navigate = useNavigate();
  const { search } = useLocation();
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!step) return <Navigate to={withReturnTo('/sign-in?notice=challenge-expired', search)} replace />;
  const { title, intro } = headingFor(step as ChallengeStep);
  const problem = inputProblem(step as ChallengeStep, value);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (problem || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const outcome = await answerChallenge(value.trim());
      setValue('');
      setTouched(false);
      if (outcome.kind === 'done') {
        clearSignInFlow();
        await finishSignIn(navigate, search);
      } else if (outcome.kind !== 'challenge') {
        clearSignInFlow();
        navigate(withReturnTo('/sign-in', search), { replace: true });
      }
    } catch (error) {
      setFailure(identityErrorMessage(error, step!.kind === 'new-password' ? 'new-password' : 'confirm-code'));
    } finally {
      setBusy(false);
    }
  }

  const error = touched ? (problem ?? undefined) : undefined;
  return (
    <>
      <AuthHeading title={title}>{intro}</AuthHeading>
      <form onSubmit={submit} noValidate aria-label={title}>
        {failure && <Alert kind="danger">{failure}</Alert>}
        {(step.kind === 'code' || step.kind === 'totp-setup') && (
          <>
            {step.kind === 'totp-setup' && <TotpSetupInstructions secret={step.secret} uri={step.uri} />}
            <OtpInput label="Verification code" value={value} onChange={setValue} error={error} />
          </>
        )}
        {(step.kind === 'select-mfa' || step.kind === 'setup-mfa') && (
          <RadioGroup
            legend="Second step"
            name="mfa-type"
            options={step.options.map((option) => ({ value: option, label: MFA_LABELS[option] }))}
            value={value}
            onChange={setValue}
            error={error}
          />
        )}
        {step.kind === 'email-setup' && (
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={error}
          />
        )}
        {step.kind === 'new-password' && (
          <>
            <PasswordField
              label="New password"
              autoComplete="new-password"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              error={error}
            />
            <PasswordRules id="new-password-rules" password={value} />
          </>
        )}
        {step.kind === 'custom' && <TextField label="Answer" value={value} onChange={(e) => setValue(e.target.value)} error={error} />}
        <Button type="submit" fullWidth loading={busy}>
          Continue
        </Button>
      </form>
      <p className="mt-5 has-text-centered">
        Signing in as {email}.{' '}
        <Link to={withReturnTo('/sign-in', search)} onClick={() => clearSignInFlow()}>
          Start again
        </Link>
      </p>
    </>
  );
}

/** The message for an answer that cannot be sent yet; SPEC §5: a challenge response cannot be empty. */
function inputProblem(step: ChallengeStep, value: string): string | null {
  if (!value.trim()) {
    if (step.kind === 'select-mfa' || step.kind === 'setup-mfa') return 'Choose one option';
    if (step.kind === 'new-password') return 'Password cannot be empty';
    return 'Challenge response cannot be empty';
  }
  if ((step.kind === 'code' || step.kind === 'totp-setup') && !/^\d{6}$/.test(value)) return 'Enter all 6 digits of the code';
  if (step.kind === 'new-password' && unmetPasswordRules(value).length) return 'Choose a password that meets every rule below';
  return null;
}
