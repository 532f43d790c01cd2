/**
 * "Enter vehicle registration address" (SPEC §2.10): the buyer's legal name, date of birth and
 * where the car will be registered, saved as their buyer profile (SPEC §7 buyer-profile call).
 * Needs a connection to save; shown saved once it is.
 */
import { useState } from 'react';
import { NetworkError } from '../../data/api/api-client';
import { saveBuyerProfile, useBuyerProfile } from '../../data/api/buyer-profile';
import { buyerProfileSchema } from '../../domain/profile-fields';
import { Alert } from '../alert';
import { Button } from '../button';
import { AddressFields } from './address-fields';
import { TextField } from './text-field';
import { reportFlat, useZodForm } from './use-zod-form';
import * as z from 'zod/mini';

const formSchema = z.object({
  legalFirstName: z.string(),
  legalLastName: z.string(),
  dateOfBirth: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
});
type Draft = z.infer<typeof formSchema>;

const profileOf = (draft: Draft) => ({
  legalFirstName: draft.legalFirstName,
  legalLastName: draft.legalLastName,
  dateOfBirth: draft.dateOfBirth,
  address: {
    line1: draft.line1,
    ...(draft.line2.trim() ? { line2: draft.line2 } : {}),
    city: draft.city,
    state: draft.state,
    postalCode: draft.postalCode,
  },
});

/** The buyer-profile rules, reported against the form's flat fields. */
const checked = formSchema.check(z.superRefine((draft, context) => reportFlat(buyerProfileSchema, profileOf(draft), context)));

/** `onSaved` hears each save (the price breakdown then reads its taxes again). */
export function RegistrationAddress({ onSaved }: { onSaved?: () => void } = {}) {
  const saved = useBuyerProfile();
  const [editing, setEditing] = useState(false);
  if (saved === undefined) return null;
  if (saved && !editing)
    return (
      <section aria-labelledby="registration" className="box">
        <h2 id="registration" className="title is-5">
          Vehicle registration address
        </h2>
        <p className="mb-3">
          {saved.legalFirstName} {saved.legalLastName} · {saved.address.line1}
          {saved.address.line2 ? `, ${saved.address.line2}` : ''}, {saved.address.city}, {saved.address.state} {saved.address.postalCode}
        </p>
        <Button size="small" variant="outlined" onClick={() => setEditing(true)}>
          Change it
        </Button>
      </section>
    );
  return (
    <RegistrationForm
      initial={saved}
      onSaved={() => {
        setEditing(false);
        onSaved?.();
      }}
    />
  );
}

function RegistrationForm({ initial, onSaved }: { initial: ReturnType<typeof useBuyerProfile>; onSaved: () => void }) {
  const form = useZodForm(
    checked,
    {
      legalFirstName: initial?.legalFirstName ?? '',
      legalLastName: initial?.legalLastName ?? '',
      dateOfBirth: initial?.dateOfBirth ?? '',
      line1: initial?.address.line1 ?? '',
      line2: initial?.address.line2 ?? '',
      city: initial?.address.city ?? '',
      state: initial?.address.state ?? '',
      postalCode: initial?.address.postalCode ?? '',
    },
    { key: 'registration-address' },
  );
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async (draft) => {
    setFailure(null);
    try {
      await saveBuyerProfile(buyerProfileSchema.parse(profileOf(draft)));
      onSaved();
    } catch (error) {
      setFailure(error instanceof NetworkError ? 'You are offline. Save it once you are back online.' : (error as Error).message);
    }
  });
  return (
    <section aria-labelledby="registration" className="box">
      <h2 id="registration" className="title is-5">
        Enter vehicle registration address
      </h2>
      <p className="mb-4">Where will the car be registered? Its taxes and fees follow this state. Use your name as it is on your ID.</p>
      <form onSubmit={submit} noValidate aria-labelledby="registration">
        {failure && <Alert kind="danger">{failure}</Alert>}
        <div className="columns">
          <div className="column">
            <TextField label="Legal first name" autoComplete="given-name" {...form.textField('legalFirstName')} />
          </div>
          <div className="column">
            <TextField label="Legal last name" autoComplete="family-name" {...form.textField('legalLastName')} />
          </div>
        </div>
        <TextField label="Date of birth" type="date" autoComplete="bday" {...form.textField('dateOfBirth')} />
        <AddressFields text={form.textField} state={form.field('state')} zipMaxLength={10} />
        <Button type="submit" loading={form.submitting}>
          Save registration address
        </Button>
      </form>
    </section>
  );
}
