import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import * as z from 'zod/mini';
import { confirmationCode, newPassword, requiredPassword } from '../../domain/form-fields';
import { identityService } from '../../data/session/session';
import { identityErrorMessage } from '../../domain/auth-errors';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { OtpInput } from '../../ui/form/otp-input';
import { PasswordField } from '../../ui/form/password-field';
import { PasswordRules } from '../../ui/form/password-rules';
import { useZodForm } from '../../ui/form/use-zod-form';
import { AuthHeading } from './auth-heading';

export const newPasswordFields = {
  password: newPassword,
  confirmation: z.string().check(z.minLength(1, 'Type the new password again')),
};

const matching = z.refine<{ password: string; confirmation: string }>((values) => values.password === values.confirmation, {
  message: 'The two passwords are not the same',
  path: ['confirmation'],
});

const resetSchema = z.object({ code: confirmationCode, ...newPasswordFields }).check(matching);

export const changeSchema = z.object({ current: requiredPassword, ...newPasswordFields }).check(matching);

/** `/auth/reset-password`: the e-mailed code and a new password. */
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(resetSchema, { code: '', password: '', confirmation: '' });
  const email = params.get('email');
  if (!email) return <Navigate to="/auth/forgot-password" replace />;

  const submit = form.handleSubmit(async ({ code, password }) => {
    setFailure(null);
    try {
      const identity = await identityService();
      await identity.confirmResetPassword({ username: email, confirmationCode: code, newPassword: password });
      navigate(`/sign-in?notice=password-reset&email=${encodeURIComponent(email)}`, { replace: true });
    } catch (error) {
      setFailure(identityErrorMessage(error, 'reset-password'));
    }
  });

  const code = form.field('code');
  return (
    <>
      <AuthHeading title="Choose a new password">
        Enter the code we sent to <strong>{email}</strong> and your new password.
      </AuthHeading>
      <form onSubmit={submit} noValidate aria-label="Choose a new password">
        {failure && <Alert kind="danger">{failure}</Alert>}
        <OtpInput label="Code from the e-mail" value={String(code.value)} onChange={code.onChange} error={code.error} />
        <PasswordField label="New password" autoComplete="new-password" {...form.textField('password')} />
        <PasswordRules id="reset-password-rules" password={form.values.password} />
        <PasswordField label="New password again" autoComplete="new-password" {...form.textField('confirmation')} />
        <Button type="submit" fullWidth loading={form.submitting}>
          Save new password
        </Button>
      </form>
      <p className="mt-5 has-text-centered">
        No code? <Link to={`/auth/forgot-password?email=${encodeURIComponent(email)}`}>Send a new one</Link>
      </p>
    </>
  );
}
