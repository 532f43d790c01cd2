import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import * as z from 'zod/mini';
import { emailAddress, newPassword } from '../../domain/form-fields';
import { identityService } from '../../data/session/session';
import { finishAutoSignIn } from '../../data/session/sign-in-flow';
import { identityErrorMessage } from '../../domain/auth-errors';
import { withReturnTo } from '../../domain/return-target';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { CheckboxField } from '../../ui/form/choice-fields';
import { PasswordField } from '../../ui/form/password-field';
import { PasswordRules } from '../../ui/form/password-rules';
import { TextField } from '../../ui/form/text-field';
import { useZodForm } from '../../ui/form/use-zod-form';
import { AuthHeading } from './auth-heading';
import { finishSignIn } from './finish-sign-in';
import { SocialSignIn, SocialSignInFailure } from './social-sign-in';

const signUpSchema = z.object({
  email: emailAddress,
  password: newPassword,
  agreed: z.literal(true, 'Agree to the terms to create an account'),
});

/** `/sign-up` (guard signin): e-mail and password, the password rules ticked as the user types. */
export function Component() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(signUpSchema, { email: '', password: '', agreed: false });

  const submit = form.handleSubmit(async ({ email, password }) => {
    setFailure(null);
    try {
      const result = await (await identityService()).signUpWithEmail(email, password);
      if (result.nextStep.signUpStep === 'COMPLETE_AUTO_SIGN_IN' && !result.isSignUpComplete) {
        // Link confirmation: the next screen waits while Amplify polls (every 5 s, up to 3 minutes).
        return navigate(withReturnTo(`/auth/email-check?purpose=sign-up&email=${encodeURIComponent(email)}`, search));
      }
      if (result.nextStep.signUpStep === 'COMPLETE_AUTO_SIGN_IN') {
        // SPEC §4.5: already confirmed, so the automatic sign-in happens now.
        const outcome = await finishAutoSignIn(email);
        if (outcome.kind === 'done') return finishSignIn(navigate, search);
      }
      if (result.nextStep.signUpStep === 'DONE') return navigate(withReturnTo(`/sign-in?email=${encodeURIComponent(email)}`, search));
      navigate(withReturnTo(`/auth/email-verification?email=${encodeURIComponent(email)}`, search));
    } catch (error) {
      setFailure(identityErrorMessage(error, 'sign-up'));
    }
  });

  return (
    <>
      <AuthHeading title="Create your account">Buy or sell a car with the paperwork handled. It takes a minute.</AuthHeading>
      <SocialSignInFailure on="/sign-up" />
      <form onSubmit={submit} noValidate aria-label="Create your account">
        {failure && <Alert kind="danger">{failure}</Alert>}
        <TextField label="Email" type="email" autoComplete="email" {...form.textField('email')} />
        <PasswordField label="Password" autoComplete="new-password" {...form.textField('password')} />
        <PasswordRules id="sign-up-password-rules" password={form.values.password} />
        <CheckboxField
          label="I agree to the Terms of Use and the Privacy Policy, and to receive records electronically under the E-Sign Policy."
          {...form.checkboxField('agreed')}
        />
        <p className="help mb-4">
          Read the <Link to="/sign-up/terms-of-use">Terms of Use</Link>, the <Link to="/sign-up/privacy-policy">Privacy Policy</Link> and
          the <Link to="/sign-up/esign-policy">E-Sign Policy</Link>.
        </p>
        <Button type="submit" fullWidth loading={form.submitting}>
          Create account
        </Button>
      </form>
      <SocialSignIn from="/sign-up" />
      <p className="mt-5 has-text-centered">
        Already have an account? <Link to={withReturnTo('/sign-in', search)}>Sign in</Link>
      </p>
    </>
  );
}
