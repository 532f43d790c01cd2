import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { signIn } from '../../data/session';
import { signInErrorMessage } from '../../domain/auth-errors';
import { returnTarget } from '../../domain/return-target';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { PasswordField } from '../../ui/form/password-field';
import { TextField } from '../../ui/form/text-field';
import { useZodForm } from '../../ui/form/use-zod-form';

// SPEC §8 wording for empty fields.
const signInSchema = z.object({
  email: z.string().trim().min(1, 'Email cannot be empty'),
  password: z.string().min(1, 'Password cannot be empty'),
});

/** `/sign-in` with e-mail and password; afterwards the user returns to where they were going. */
export function Component() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(signInSchema, { email: '', password: '' });

  // The form helper lets only one submit run at a time: one pending password sign-in (SPEC §5).
  const submit = form.handleSubmit(async (credentials) => {
    setFailure(null);
    try {
      const result = await signIn(credentials.email, credentials.password);
      if (result.done) navigate(returnTarget(search), { replace: true });
      else setFailure(`Your account needs another sign-in step (${result.nextStep}) that this version cannot complete yet.`);
    } catch (error) {
      setFailure(signInErrorMessage(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="sign-in-heading">
      <title>Sign in</title>
      <h1 id="sign-in-heading" className="title is-4">
        Sign in
      </h1>
      {failure && <Alert kind="danger">{failure}</Alert>}
      <TextField label="Email" type="email" autoComplete="username" {...form.textField('email')} />
      <PasswordField label="Password" autoComplete="current-password" {...form.textField('password')} />
      <Button type="submit" fullWidth loading={form.submitting}>
        Sign in
      </Button>
    </form>
  );
}
