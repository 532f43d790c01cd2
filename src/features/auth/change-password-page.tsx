import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { identityService } from '../../data/session/session';
import { identityErrorMessage } from '../../domain/auth-errors';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { PasswordField } from '../../ui/form/password-field';
import { PasswordRules } from '../../ui/form/password-rules';
import { useZodForm } from '../../ui/form/use-zod-form';
import { showToast } from '../../ui/toast-store';
import { AuthHeading } from './auth-heading';
import { changeSchema } from './reset-password-page';

/** `/auth/change-password` (auth): the current password and a new one. */
export function Component() {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(changeSchema, { current: '', password: '', confirmation: '' });

  const submit = form.handleSubmit(async ({ current, password }) => {
    setFailure(null);
    try {
      await (await identityService()).updatePassword({ oldPassword: current, newPassword: password });
      showToast('Your password was changed.', 'success');
      navigate('/account', { replace: true });
    } catch (error) {
      setFailure(identityErrorMessage(error, 'change-password'));
    }
  });

  return (
    <>
      <AuthHeading title="Change your password" />
      <form onSubmit={submit} noValidate aria-label="Change your password">
        {failure && <Alert kind="danger">{failure}</Alert>}
        <PasswordField label="Current password" autoComplete="current-password" {...form.textField('current')} />
        <PasswordField label="New password" autoComplete="new-password" {...form.textField('password')} />
        <PasswordRules id="change-password-rules" password={form.values.password} />
        <PasswordField label="New password again" autoComplete="new-password" {...form.textField('confirmation')} />
        <Button type="submit" fullWidth loading={form.submitting}>
          Change password
        </Button>
      </form>
      <p className="mt-5 has-text-centered">
        <Link to="/account">Back to your account</Link>
      </p>
    </>
  );
}
