import { useState } from 'react';
import * as z from 'zod/mini';
import { updateProfile } from '../../data/session/account';
import type { CachedProfile } from '../../data/db';
import { identityService } from '../../data/session/session';
import { digitsFromMobile, mobileFromDigits, personName } from '../../domain/profile-fields';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { MaskedField } from '../../ui/form/masked-field';
import { TextField } from '../../ui/form/text-field';
import { useZodForm } from '../../ui/form/use-zod-form';
import { notSavedText } from '../../data/api/problem-words';

const MOBILE_MASK = '(###) ###-####';

const detailsSchema = z.object({
  firstName: personName('First name'),
  lastName: personName('Last name'),
  mobileDigits: z.string().check(z.minLength(1, 'Phone number cannot be empty'), z.length(10, 'Enter all 10 digits of your mobile number')),
});

export interface DetailsFormProps {
  profile: CachedProfile | undefined;
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  mobileHelp?: string;
  fullWidth?: boolean;
  disabled?: boolean;
  /** After saving; `phoneCodeSent` when the user pool texted a code to a new mobile number. */
  onSaved: (outcome: { phoneCodeSent: boolean }) => void;
}

/**
 * First name, last name and US mobile, as sign-up asks for them and the account page edits
 * them: saved to the profile (all three set = details submitted), then to the user pool, which
 * texts a code when the mobile number changed. The profile is the record; a failed pool update
 * is only logged, and the phone can be verified later from the account page.
 */
export function DetailsForm({ profile, label, submitLabel, mobileHelp, fullWidth, disabled, onSaved }: DetailsFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(
    detailsSchema,
    {
      firstName: profile?.firstName ?? '',
      lastName: profile?.lastName ?? '',
      mobileDigits: digitsFromMobile(profile?.mobile),
    },
    { key: 'account-details' },
  );

  const submit = form.handleSubmit(async ({ firstName, lastName, mobileDigits }) => {
    setFailure(null);
    const mobile = mobileFromDigits(mobileDigits);
    try {
      await updateProfile({ firstName, lastName, mobile });
    } catch (error) {
      setFailure(notSavedText('Your details were not saved', error));
      return;
    }
    let phoneCodeSent = false;
    try {
      const result = await (
        await identityService()
      ).updateUserAttributes({
        userAttributes: { given_name: firstName, family_name: lastName, ...(mobile !== profile?.mobile ? { phone_number: mobile } : {}) },
      });
      phoneCodeSent = result.phone_number?.nextStep.updateAttributeStep === 'CONFIRM_ATTRIBUTE_WITH_CODE';
    } catch (error) {
      console.error('Identity attributes could not be updated', error);
    }
    onSaved({ phoneCodeSent });
  });

  const mobile = form.field('mobileDigits');
  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      {failure && <Alert kind="danger">{failure}</Alert>}
      <TextField label="First name" autoComplete="given-name" {...form.textField('firstName')} />
      <TextField label="Last name" autoComplete="family-name" {...form.textField('lastName')} />
      <MaskedField
        label="Mobile number"
        help={mobileHelp}
        mask={MOBILE_MASK}
        inputMode="tel"
        autoComplete="tel-national"
        value={String(mobile.value)}
        onValueChange={mobile.onChange}
        onBlur={mobile.onBlur}
        error={mobile.error}
      />
      <Button type="submit" fullWidth={fullWidth} loading={form.submitting} disabled={disabled}>
        {submitLabel}
      </Button>
    </form>
  );
}
