import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import * as z from 'zod/mini';
import { updateProfile } from '../../data/account';
import { identityService } from '../../data/session';
import { digitsFromMobile, mobileFromDigits, personName } from '../../domain/profile-fields';
import { returnTarget, withReturnTo } from '../../domain/return-target';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { MaskedField } from '../../ui/form/masked-field';
import { TextField } from '../../ui/form/text-field';
import { useZodForm } from '../../ui/form/use-zod-form';
import { AuthHeading } from './auth-heading';
import { useCachedProfile } from './use-cached-profile';

export const MOBILE_MASK = '(###) ###-####';

export const detailsSchema = z.object({
  firstName: personName('First name'),
  lastName: personName('Last name'),
  mobileDigits: z.string().check(z.minLength(1, 'Phone number cannot be empty'), z.length(10, 'Enter all 10 digits of your mobile number')),
});

/**
 * `/sign-up/additional-details` (guard registration-additional-info): first name, last name and
 * mobile. Saving them marks the details as submitted; the mobile is then verified by SMS.
 */
export function Component() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const { profile } = useCachedProfile();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(detailsSchema, {
    firstName: profile?.firstName ?? '',
    lastName: profile?.lastName ?? '',
    mobileDigits: digitsFromMobile(profile?.mobile),
  });

  const submit = form.handleSubmit(async ({ firstName, lastName, mobileDigits }) => {
    setFailure(null);
    const mobile = mobileFromDigits(mobileDigits);
    try {
      await updateProfile({ firstName, lastName, mobile });
    } catch (error) {
      setFailure(`Your details were not saved: ${(error as Error).message}`);
      return;
    }
    try {
      const identity = await identityService();
      const result = await identity.updateUserAttributes({
        userAttributes: { given_name: firstName, family_name: lastName, phone_number: mobile },
      });
      if (result.phone_number?.nextStep.updateAttributeStep === 'CONFIRM_ATTRIBUTE_WITH_CODE') {
        navigate(withReturnTo('/auth/phone-verification', search), { replace: true });
        return;
      }
    } catch (error) {
      // The details are saved; the phone can be verified later from the account page.
      console.error('Phone number could not be sent for verification', error);
    }
    navigate(returnTarget(search), { replace: true });
  });

  const mobile = form.field('mobileDigits');
  return (
    <>
      <AuthHeading title="Tell us about you">
        We use your name on offers and documents, and your mobile for codes and updates about a deal.
      </AuthHeading>
      <form onSubmit={submit} noValidate aria-label="Tell us about you">
        {failure && <Alert kind="danger">{failure}</Alert>}
        <TextField label="First name" autoComplete="given-name" {...form.textField('firstName')} />
        <TextField label="Last name" autoComplete="family-name" {...form.textField('lastName')} />
        <MaskedField
          label="Mobile number"
          help="US numbers only. We text a code to confirm it."
          mask={MOBILE_MASK}
          inputMode="tel"
          autoComplete="tel-national"
          value={String(mobile.value)}
          onValueChange={mobile.onChange}
          onBlur={mobile.onBlur}
          error={mobile.error}
        />
        <Button type="submit" fullWidth loading={form.submitting}>
          Continue
        </Button>
      </form>
    </>
  );
}
