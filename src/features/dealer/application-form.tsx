/**
 * The application to the dealer programme: the dealership's name, licence number, lot address and
 * phone, and an optional note. Checked as the API checks it (the same contract); the key that makes
 * a retry answer the same application is made once per application sent.
 */
import { useState } from 'react';
import * as z from 'zod/mini';
import { sendDealerApplication } from '../../data/api/dealer-applications';
import { NOTE_MAX, noteField, PHONE_MASK, PHONE_MESSAGE, type DealerApplication } from '../../domain/dealer-application-contract';
import { dealershipFields } from '../../domain/dealer-contract';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { AddressFields } from '../../ui/form/address-fields';
import { MaskedField } from '../../ui/form/masked-field';
import { TextareaField } from '../../ui/form/textarea-field';
import { TextField } from '../../ui/form/text-field';
import { useZodForm } from '../../ui/form/use-zod-form';

const { address, dealershipName, licenceNumber } = dealershipFields;
const formSchema = z.object({
  dealershipName,
  licenceNumber,
  ...address.shape,
  line2: z.string(),
  phoneDigits: z.string().check(z.regex(/^[2-9]\d{2}[2-9]\d{6}$/, PHONE_MESSAGE)),
  note: noteField,
});
type Draft = z.infer<typeof formSchema>;
const EMPTY: Draft = {
  dealershipName: '',
  licenceNumber: '',
  line1: '',
  line2: '',
  city: '',
  state: '',
  postalCode: '',
  phoneDigits: '',
  note: '',
};

/** A declined application's details, to correct and send again. */
const draftOf = (earlier: DealerApplication): Draft => ({
  dealershipName: earlier.dealershipName,
  licenceNumber: earlier.licenceNumber,
  ...earlier.address,
  line2: '',
  phoneDigits: earlier.phone.replace(/^\+1/, ''),
  note: earlier.note ?? '',
});

export function ApplicationForm({ earlier, onSent }: { earlier?: DealerApplication; onSent: (sent: DealerApplication) => void }) {
  const form = useZodForm(formSchema, earlier ? draftOf(earlier) : EMPTY, { key: `dealer-application:${earlier?.id ?? 'new'}` });
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const note = values.note.trim();
      const sent = await sendDealerApplication(
        {
          dealershipName: values.dealershipName,
          licenceNumber: values.licenceNumber,
          address: {
            line1: [values.line1, values.line2.trim()].filter(Boolean).join(', '),
            city: values.city,
            state: values.state,
            postalCode: values.postalCode,
          },
          phone: `+1${values.phoneDigits}`,
          ...(note ? { note } : {}),
        },
        key,
      );
      setKey(crypto.randomUUID());
      onSent(sent);
    } catch (error) {
      setFailure((error as Error).message);
    }
  });
  const phone = form.field('phoneDigits');
  const noteLength = form.values.note.trim().length;
  return (
    <form onSubmit={submit} noValidate aria-labelledby="application-form-heading" className="box">
      <h2 id="application-form-heading" className="title is-5">
        {earlier ? 'Apply again' : 'Your dealership'}
      </h2>
      {failure && <Alert kind="danger">{failure}</Alert>}
      <TextField label="Dealership name" autoComplete="organization" {...form.textField('dealershipName')} />
      <TextField
        label="Dealer licence number"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        help="As it is printed on your state dealer licence: 4 to 20 letters, digits or dashes."
        {...form.textField('licenceNumber')}
      />
      <MaskedField
        label="Dealership phone"
        mask={PHONE_MASK}
        inputMode="tel"
        autoComplete="tel-national"
        value={String(phone.value)}
        onValueChange={phone.onChange}
        onBlur={phone.onBlur}
        error={phone.error}
      />
      <fieldset className="mt-5 mb-4">
        <legend className="title is-6 mb-3">Where the dealership is</legend>
        <AddressFields text={(name) => form.textField(name)} state={form.field('state')} />
      </fieldset>
      <TextareaField
        label="Anything we should know (optional)"
        rows={3}
        maxLength={NOTE_MAX}
        help={`Other lots, the brands you sell, when to call you … ${noteLength} of ${NOTE_MAX} characters.`}
        {...form.textField('note')}
      />
      <Button type="submit" loading={form.submitting}>
        Send application
      </Button>
    </form>
  );
}
