import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import * as z from 'zod/mini';
import { emailAddress } from '../../domain/form-fields';
import { identityService } from '../../data/session/session';
import { identityErrorMessage } from '../../domain/auth-errors';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/form/text-field';
import { useZodForm } from '../../ui/form/use-zod-form';
import { AuthHeading } from './auth-heading';

const emailSchema = z.object({
  email: emailAddress,
});

/** Answers that mean "no such account": treated as sent, so the screen never tells. */
const SILENT = new Set(['UserNotFoundException', 'NotAuthorizedException', 'InvalidParameterException']);

/** `/auth/forgot-password`: the e-mail to send a reset code to. */
export function Component() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(emailSchema, { email: params.get('email') ?? '' });
  const resetRequired = params.get('notice') === 'reset-required';

  const submit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await (await identityService()).startPasswordReset(email);
    } catch (error) {
      if (!SILENT.has((error as { name?: string }).name ?? '')) {
        setFailure(identityErrorMessage(error, 'reset-password'));
        return;
      }
    }
    navigate(`/auth/email-check?email=${encodeURIComponent(email)}`);
  });

  return (
    <>
      <AuthHeading title="Reset your password">
        Enter the e-mail address you signed up with. We will send you a code to choose a new password.
      </AuthHeading>
      {resetRequired && <Alert kind="warning">Your password must be reset before you can sign in.</Alert>}
      <form onSubmit={submit} noValidate aria-label="Reset your password">
        {failure && <Alert kind="danger">{failure}</Alert>}
        <TextField label="Email" type="email" autoComplete="username" {...form.textField('email')} />
        <Button type="submit" fullWidth loading={form.submitting}>
          Send code
        </Button>
      </form>
      <p className="mt-5 has-text-centered">
        Remembered it? <Link to="/sign-in">Sign in</Link>
      </p>
    </>
  );
}
