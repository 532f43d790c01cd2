import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import * as z from 'zod/mini';
import { emailAddress, requiredPassword } from '../../domain/form-fields';
import { identityService } from '../../data/session/session';
import { beginSignIn } from '../../data/session/sign-in-flow';
import { identityErrorMessage } from '../../domain/auth-errors';
import { withReturnTo } from '../../domain/return-target';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { PasswordField } from '../../ui/form/password-field';
import { TextField } from '../../ui/form/text-field';
import { useZodForm } from '../../ui/form/use-zod-form';
import { AuthHeading } from './auth-heading';
import { finishSignIn } from './finish-sign-in';
import { SocialSignIn, SocialSignInFailure } from './social-sign-in';

// SPEC §8 wording for empty fields.
const signInSchema = z.object({
  email: emailAddress,
  password: requiredPassword,
});

/** Why the user arrived here, said in one line above the form. */
const NOTICES: Record<string, string> = {
  'password-reset': 'Your password was changed. Sign in with the new one.',
  'email-confirmed': 'Your e-mail address is confirmed. Sign in to continue.',
  'session-ended': 'Your session ended. Please sign in again.',
  'challenge-expired': 'That sign-in took too long. Please start again.',
};

/** `/sign-in` with e-mail and password; afterwards the user returns to where they were going. */
export function Component() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(signInSchema, { email: params.get('email') ?? '', password: '' });
  const notice = NOTICES[params.get('notice') ?? ''];

  // The form helper lets only one submit run at a time: one pending password sign-in (SPEC §5).
  const submit = form.handleSubmit(async ({ email, password }) => {
    setFailure(null);
    try {
      const outcome = await beginSignIn(email, password);
      if (outcome.kind === 'done') {
        await finishSignIn(navigate, search);
      } else if (outcome.kind === 'challenge') {
        navigate(withReturnTo('/auth/confirmation-code', search));
      } else if (outcome.kind === 'confirm-sign-up') {
        await (await identityService()).resendSignUpCode({ username: email });
        navigate(withReturnTo(`/auth/email-verification?email=${encodeURIComponent(email)}`, search));
      } else {
        navigate(`/auth/forgot-password?email=${encodeURIComponent(email)}&notice=reset-required`);
      }
    } catch (error) {
      setFailure(identityErrorMessage(error, 'sign-in'));
    }
  });

  return (
    <>
      <AuthHeading title="Sign in" />
      {notice && <Alert kind="success">{notice}</Alert>}
      <SocialSignInFailure on="/sign-in" />
      <form onSubmit={submit} noValidate aria-label="Sign in">
        {failure && <Alert kind="danger">{failure}</Alert>}
        <TextField label="Email" type="email" autoComplete="username" {...form.textField('email')} />
        <PasswordField label="Password" autoComplete="current-password" {...form.textField('password')} />
        <p className="mb-4 has-text-right">
          <Link to={`/auth/forgot-password${form.values.email ? `?email=${encodeURIComponent(form.values.email)}` : ''}`}>
            Forgot your password?
          </Link>
        </p>
        <Button type="submit" fullWidth loading={form.submitting}>
          Sign in
        </Button>
      </form>
      <SocialSignIn from="/sign-in" />
      <p className="mt-5 has-text-centered">
        New here? <Link to={withReturnTo('/sign-up', search)}>Create an account</Link>
      </p>
    </>
  );
}
